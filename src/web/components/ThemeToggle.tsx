import { Monitor, Moon, Sun } from 'lucide-react';
import { useFirstScreenContent } from '../lib/content-context';
import { readThemePreference, setThemePreference, useThemePreference, type ThemePreference } from '../lib/theme';

const options: { value: ThemePreference; Icon: typeof Sun }[] = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
];

/**
 * Light, dark or system, as three toggle buttons; the choice is stored (lib/theme.ts). Which one
 * looks pressed comes from a class on <html> (index.css), right from the first paint; aria-pressed
 * follows once the page has hydrated and the choice is known (none claims it before).
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { a11y } = useFirstScreenContent();
  const preference = useThemePreference();
  return (
    <div
      role="group"
      aria-label={a11y.theme.label}
      className={`inline-flex items-center gap-0.5 rounded-full border border-slate-300 bg-white/80 p-0.5 dark:border-slate-600 dark:bg-slate-900/80 ${className}`}
    >
      {options.map(({ value, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={preference === value}
          aria-label={a11y.theme[value]}
          title={a11y.theme[value]}
          data-theme-option={value}
          onClick={() => setThemePreference(value)}
          className="grid size-8 place-items-center rounded-full text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          <Icon aria-hidden="true" focusable="false" className="size-4" />
        </button>
      ))}
    </div>
  );
}

/**
 * The same choice as one button, for narrow bars where three would outweigh the menu: it shows the
 * icon of the choice in force (from the class on <html>, index.css, like the toggle's pressed look)
 * and moves to the next one, each press changing what shows: from the system's theme to the other
 * one, then to the system's own, then back to following the system. Its name says the choice once
 * it is known.
 */
export function ThemeSwitch({ className = '' }: { className?: string }) {
  const { a11y } = useFirstScreenContent();
  const preference = useThemePreference();
  const name = preference ? `${a11y.theme.label}, ${a11y.theme[preference]}` : a11y.theme.label;
  const next = () => {
    const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
    const order: ThemePreference[] = systemDark ? ['system', 'light', 'dark'] : ['system', 'dark', 'light'];
    setThemePreference(order[(order.indexOf(preference ?? readThemePreference()) + 1) % order.length]!);
  };
  return (
    <button
      type="button"
      data-theme-switch=""
      aria-label={name}
      title={name}
      onClick={next}
      className={`grid size-9 place-items-center rounded-full border border-slate-300 bg-white/80 text-slate-700 transition-colors hover:border-brand-500 hover:text-slate-950 dark:border-slate-600 dark:bg-slate-900/80 dark:text-slate-200 dark:hover:border-accent-400 dark:hover:text-white ${className}`}
    >
      {options.map(({ value, Icon }) => (
        <Icon key={value} data-theme-icon={value} aria-hidden="true" focusable="false" className="size-4" />
      ))}
    </button>
  );
}
