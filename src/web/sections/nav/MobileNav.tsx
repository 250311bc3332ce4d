import { ArrowRight } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { site } from '../../../config/site';
import { useFirstScreenContent } from '../../lib/content-context';
import { mobileTarget } from '../../../content/catalog';
import type { NavAnchor, SectionAnchor } from '../../../content/types';
import { LogoMark } from '../../components/Logo';
import { SectionLink } from '../../components/SectionLink';
import { primaryAction } from '../../components/styles';
import { ThemeSwitch } from '../../components/ThemeToggle';
import { LanguageSwitch } from '../../features/language/LanguageSwitch';
import { useActiveSection } from './use-active-section';

const MENU_ID = 'mobile-menu';
const itemClass =
  'flex min-h-12 items-center rounded-xl px-4 text-lg font-medium text-slate-800 hover:bg-slate-100 aria-[current]:bg-brand-50 aria-[current]:text-brand-700 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-[current]:bg-brand-900 dark:aria-[current]:text-brand-100';

/** A navigation item: the section it leads to and its label (app/App.tsx derives them from the registry). */
export type NavLink = { anchor: NavAnchor; label: string };

/**
 * Fixed top bar of the mobile layout. The logo button, with a menu glyph, discloses the section
 * links (WAI-ARIA disclosure navigation: a button with aria-expanded/aria-controls, plain lists),
 * then, set apart, the way to the voice demo and the hero's call to action.
 */
export function MobileNav({ links }: { links: NavLink[] }) {
  const { a11y, menu, hero } = useFirstScreenContent();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const active = useActiveSection(links.map((link) => link.anchor));

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // A layout effect: Escape works from the moment the menu shows, not only after the next paint.
  useLayoutEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return (
    <header data-nav="mobile" className="only-mobile fixed inset-x-0 top-0 z-40">
      {open ? (
        <div data-testid="menu-backdrop" aria-hidden="true" className="fixed inset-0 bg-slate-950/40 backdrop-blur-[2px]" onClick={() => close(true)} />
      ) : null}
      {/* The bar runs edge to edge; its content keeps to a column, also on a tablet (spec §2: mobile at any width). */}
      <div className="relative border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-3 px-gutter">
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((value) => !value)}
            className="group flex min-h-11 items-center gap-2 rounded-lg font-bold whitespace-nowrap"
          >
            <LogoMark className="size-8" />
            {/* Name = visible brand + "Menu" (WCAG 2.5.3: the visible label starts the accessible name).
                Under 360 px the mark alone stands for the brand, so the bar keeps to one line. */}
            <span className="max-[22.5rem]:sr-only">{site.brand}</span>
            <span className="sr-only">{` ${a11y.menu}`}</span>
            <MenuGlyph />
          </button>
          <div className="flex items-center gap-1.5">
            <LanguageSwitch page="home" />
            <ThemeSwitch />
          </div>
        </div>
      </div>
      {/* Only the list takes taps: beside it (a tablet's wide column) they reach the backdrop, which closes the menu. */}
      <nav id={MENU_ID} aria-label={a11y.mobileNav} hidden={!open} className="pointer-events-none relative mx-auto mt-2 max-w-3xl px-3">
        <div className="pointer-events-auto max-w-sm rounded-2xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <ul>
            {links.map((link) => (
              <li key={link.anchor}>
                <SectionLink
                  anchor={mobileTarget(link.anchor) as SectionAnchor}
                  onNavigate={() => close(false)}
                  aria-current={active === link.anchor ? 'location' : undefined}
                  className={itemClass}
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <ul className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <li>
              <SectionLink anchor="ai-caller" onNavigate={() => close(false)} className={itemClass}>
                {menu.demo}
              </SectionLink>
            </li>
            <li className="pt-2">
              <SectionLink anchor="contact-form" onNavigate={() => close(false)} className={`${primaryAction} w-full px-5`}>
                {hero.cta}
                <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
              </SectionLink>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}

/** Three bars that become a cross while the menu is open (the button is the `group`): the cue that the logo opens a menu. */
function MenuGlyph() {
  return (
    <span className="grid size-9 place-items-center rounded-lg border border-slate-300 dark:border-slate-600">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-5">
        <path d="M4 7h16M4 12h16M4 17h16" className="group-aria-expanded:hidden" />
        <path d="m6 6 12 12M18 6 6 18" className="hidden group-aria-expanded:inline" />
      </svg>
    </span>
  );
}
