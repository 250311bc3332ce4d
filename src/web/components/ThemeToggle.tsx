import { Monitor, Moon, Sun } from 'lucide-react';
import { useFirstScreenContent } from '../content/context';
import { setThemePreference, useThemePreference, type ThemePreference } from '../lib/theme';

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
