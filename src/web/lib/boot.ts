/**
 * Runs inline in <head>, before the first paint, so the prerendered page is already right for the
 * visitor: language (a remembered French choice leaves `/` for `/fr/`), theme (`dark` class, and
 * `theme-light`/`theme-dark` for a visitor's own choice), the brand typeface once cached (`font-brand`),
 * layout (`layout-mobile` / `layout-desktop`), the nav's solid state (`scrolled`), `full-layout`
 * when the page jumps to a section, and `js` (progressive enhancement hooks in CSS). Every page
 * inlines this same script, so the Content-Security-Policy needs one hash for all of them.
 *
 * The prerender step inlines `(${boot.toString()})()`, so this function must stay self-contained:
 * no imports, no closures over module variables. The constants (layout breakpoint, nav threshold) are checked by
 * boot.test.ts; the app reads the resulting classes instead of computing them again.
 */
export function boot(): void {
  const root = document.documentElement;

  // A visitor who chose French (features/language, key 'locale') and comes back to the
  // language-neutral entry `/` goes to `/fr/` before anything is painted. Only `/` redirects:
  // an address with a language in it is always honoured (shared links, search results, crawlers,
  // which never have a stored choice).
  if (location.pathname === '/') {
    let chosen: string | null = null;
    try {
      chosen = localStorage.getItem('locale');
    } catch {
      /* storage blocked: no remembered choice */
    }
    if (chosen === 'fr') {
      // Chromium stops parsing this page at once; a browser that goes on parsing while the
      // French page loads shows nothing either. Shown again should that navigation never happen.
      root.style.visibility = 'hidden';
      setTimeout(() => (root.style.visibility = ''), 4000);
      location.replace(`/fr/${location.search}${location.hash}`);
      return;
    }
  }

  const cl = root.classList;
  cl.add('js');
  // Entrance animations hide content until it scrolls into view: only where that can be detected.
  if ('IntersectionObserver' in window) cl.add('io');

  let pref = 'system';
  try {
    pref = localStorage.getItem('theme') || 'system';
  } catch {
    /* storage blocked: follow the system */
  }
  const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
  const dark = pref === 'dark' || (pref !== 'light' && systemDark);
  cl.toggle('dark', dark);
  // The choice itself, which the theme toggle shows pressed before React knows it (index.css).
  if (pref === 'light' || pref === 'dark') cl.add(`theme-${pref}`);

  // The brand typeface (lib/brand-font.ts), named from the first paint once this browser has
  // fetched this build's file: its cache holds it.
  try {
    if (root.dataset.font && localStorage.getItem('font') === root.dataset.font) cl.add('font-brand');
  } catch {
    /* storage blocked: the local face, as on a first visit */
  }

  // Mobile when the user agent is a mobile device or the window is under 768 px wide.
  // Asked of a media query: reading innerWidth (or scrollY) here would make the browser style and
  // lay out the page so far, in the middle of parsing <head>.
  const mobileAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i.test(navigator.userAgent);
  const narrow = matchMedia('(max-width: 767.98px)');
  function layout() {
    const mobile = mobileAgent || narrow.matches;
    cl.toggle('layout-mobile', mobile);
    cl.toggle('layout-desktop', !mobile);
  }
  layout();
  addEventListener('resize', layout);
  // The desktop nav turns solid above 50 px of scroll. A page opens at the top; a scroll
  // position the browser restores (reload, back) or a #fragment it scrolls to fires `scroll`.
  addEventListener('scroll', () => cl.toggle('scrolled', scrollY > 50), { passive: true });

  // Sections below the first screen are laid out only near the viewport, each holding an estimated
  // height until then (hydration/heights.ts). A jump to a #fragment measures the page first, so it
  // needs them all laid out: an address with a fragment, or an in-page link followed before the
  // section links hydrate (the browser scrolls after this capturing listener).
  if (location.hash) cl.add('full-layout');
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest?.('a[href^="#"]')) cl.add('full-layout');
    },
    true,
  );
}
