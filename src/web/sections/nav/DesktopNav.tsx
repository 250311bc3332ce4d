import { site } from '../../../config/site';
import { useFirstScreenContent } from '../../lib/content-context';
import { LogoMark } from '../../components/Logo';
import { SectionLink } from '../../components/SectionLink';
import { ThemeToggle } from '../../components/ThemeToggle';
import { LanguageSwitch } from '../../features/language/LanguageSwitch';
import type { NavLink } from './MobileNav';

/**
 * Fixed top bar of the desktop layout: transparent at the top of the page, solid with a shadow
 * once the page has scrolled more than 50 px (the `scrolled` class is kept by lib/boot.ts).
 */
export function DesktopNav({ links }: { links: NavLink[] }) {
  const { a11y } = useFirstScreenContent();
  return (
    <header
      data-nav="desktop"
      className="only-desktop fixed inset-x-0 top-0 z-40 bg-transparent transition-[background-color,box-shadow] duration-300 in-[.scrolled]:bg-white in-[.scrolled]:shadow-md dark:in-[.scrolled]:bg-slate-900 dark:in-[.scrolled]:shadow-black/40"
    >
      <div className="page-column flex h-18 items-center justify-between gap-4 whitespace-nowrap lg:gap-6">
        <a href="#top" aria-label={a11y.homeLink} className="flex items-center gap-3 rounded-lg font-bold">
          <LogoMark className="size-10" />
          <span className="text-lg tracking-tight" aria-hidden="true">
            {site.brand}
          </span>
        </a>
        <nav aria-label={a11y.mainNav}>
          <ul className="flex items-center lg:gap-1">
            {links.map((link) => (
              <li key={link.anchor}>
                <SectionLink
                  anchor={link.anchor}
                  className="inline-flex min-h-10 items-center rounded-lg px-3 font-medium lg:px-4 text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-950 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch page="home" compact="below-lg" />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
