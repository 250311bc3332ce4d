import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../features/language/language-choice';
import { boot } from './boot';
import { FONT_BRAND_CLASS, FONT_STORAGE_KEY } from './brand-font';
import { PAGE_PATHS } from './pages';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';

/** The window's width, as the width media queries of the stub below see it. */
let viewportWidth = 1280;

function environment({ ua = DESKTOP, width = 1280, systemDark = false } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  viewportWidth = width;
  // The queries boot() makes: the system theme, and the width (answered live, like a MediaQueryList).
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const maxWidth = /^\(max-width: ([\d.]+)px\)$/.exec(query);
      if (maxWidth) return viewportWidth <= Number(maxWidth[1]);
      return query.includes('dark') ? systemDark : false;
    },
    addEventListener() {},
    removeEventListener() {},
  }));
}

const html = () => document.documentElement.classList;
const listeners: [string, EventListener][] = [];

beforeEach(() => {
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      listeners.push([type, listener as EventListener]);
      add(type, listener, options);
    },
  );
});

afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('layout chosen before first paint', () => {
  it('is desktop for a desktop browser at 1280 px', () => {
    environment({ width: 1280 });
    boot();
    expect(html().contains('layout-desktop')).toBe(true);
    expect(html().contains('layout-mobile')).toBe(false);
  });

  it('is mobile under 768 px, desktop at exactly 768 px', () => {
    environment({ width: 767 });
    boot();
    expect(html().contains('layout-mobile')).toBe(true);
    environment({ width: 768 });
    window.dispatchEvent(new Event('resize'));
    expect(html().contains('layout-desktop')).toBe(true);
  });

  it('is mobile for a phone or tablet user agent whatever the width', () => {
    environment({ ua: IPAD, width: 1024 });
    boot();
    expect(html().contains('layout-mobile')).toBe(true);
    document.documentElement.className = '';
    environment({ ua: IPHONE, width: 1280 });
    boot();
    expect(html().contains('layout-mobile')).toBe(true);
  });

  it('is re-evaluated when the window is resized', () => {
    environment({ width: 1280 });
    boot();
    viewportWidth = 500;
    window.dispatchEvent(new Event('resize'));
    expect(html().contains('layout-mobile')).toBe(true);
    viewportWidth = 900;
    window.dispatchEvent(new Event('resize'));
    expect(html().contains('layout-desktop')).toBe(true);
  });
});

describe('navigation bar threshold', () => {
  it('is solid only above 50 px of scroll', () => {
    environment();
    boot();
    for (const [y, solid] of [
      [0, false],
      [50, false],
      [51, true],
      [400, true],
      [50, false],
    ] as const) {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
      expect(html().contains('scrolled'), `at ${y}px`).toBe(solid);
    }
  });
});

describe('theme before first paint', () => {
  it('follows the system when nothing is stored', () => {
    environment({ systemDark: true });
    boot();
    expect(html().contains('dark')).toBe(true);
  });

  it('uses the stored choice over the system', () => {
    environment({ systemDark: true });
    localStorage.setItem('theme', 'light');
    boot();
    expect(html().contains('dark')).toBe(false);
    localStorage.setItem('theme', 'dark');
    environment({ systemDark: false });
    boot();
    expect(html().contains('dark')).toBe(true);
  });

  it('marks a stored choice on <html>, so the theme toggle shows it pressed before hydration; none for the system', () => {
    for (const [stored, expected] of [
      ['dark', ['theme-dark']],
      ['light', ['theme-light']],
      [null, []],
    ] as const) {
      document.documentElement.className = '';
      localStorage.removeItem('theme');
      if (stored) localStorage.setItem('theme', stored);
      environment({ systemDark: true });
      boot();
      expect(
        [...html()].filter((name) => name.startsWith('theme-')),
        String(stored),
      ).toEqual(expected);
    }
    localStorage.removeItem('theme');
  });

  it('runs as the inline script the prerender step writes (self-contained)', () => {
    environment({ width: 400, systemDark: true });
    // eslint-disable-next-line no-new-func -- this is exactly how the page runs it
    new Function(`(${boot.toString()})()`)();
    expect(html().contains('layout-mobile')).toBe(true);
    expect(html().contains('dark')).toBe(true);
    expect(html().contains('js')).toBe(true);
  });
});

describe('the brand typeface before first paint', () => {
  afterEach(() => {
    delete document.documentElement.dataset.font;
    localStorage.removeItem(FONT_STORAGE_KEY);
    document.documentElement.className = '';
  });

  it('is named only when this browser has fetched the file this page names (lib/brand-font.ts), which its cache then holds', () => {
    // The inline script cannot import them; it repeats them.
    expect(boot.toString()).toContain(`localStorage.getItem(${JSON.stringify(FONT_STORAGE_KEY)})`);
    expect(boot.toString()).toContain(`cl.add(${JSON.stringify(FONT_BRAND_CLASS)})`);
    document.documentElement.dataset.font = '/assets/inter-b.woff2';
    for (const [stored, named] of [
      [null, false],
      ['/assets/inter-a.woff2', false],
      ['/assets/inter-b.woff2', true],
    ] as const) {
      document.documentElement.className = '';
      if (stored) localStorage.setItem(FONT_STORAGE_KEY, stored);
      environment();
      boot();
      expect(html().contains(FONT_BRAND_CLASS), String(stored)).toBe(named);
    }
  });

  it('is not named on a page without the file (npm run dev)', () => {
    localStorage.setItem(FONT_STORAGE_KEY, 'undefined');
    environment();
    boot();
    expect(html().contains(FONT_BRAND_CLASS)).toBe(false);
  });
});

describe('remembered language before first paint', () => {
  it('uses the storage key and French address of the rest of the site', () => {
    // The inline script cannot import them; it repeats them.
    expect(boot.toString()).toContain(`localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)})`);
    expect(boot.toString()).toContain(`\`${PAGE_PATHS.home.fr}\${`);
  });

  it('leaves an address other than `/` alone even when French was chosen', () => {
    history.replaceState(null, '', '/privacy/');
    try {
      environment();
      localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
      boot();
      expect(document.documentElement.style.visibility).toBe('');
      expect(html().contains('js')).toBe(true);
    } finally {
      history.replaceState(null, '', '/');
    }
  });
});

describe('the whole page before a jump to a section', () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
    document.body.innerHTML = '';
  });

  it('is laid out when the address has a #fragment', () => {
    history.replaceState(null, '', '/#faq');
    environment();
    boot();
    expect(html().contains('full-layout')).toBe(true);
  });

  it('is laid out, before the browser scrolls, when an in-page link is followed, and not for any other click', () => {
    environment();
    boot();
    document.body.innerHTML = '<button type="button">Menu</button><a href="#contact"><span>Contact</span></a>';
    document.querySelector('button')!.click();
    expect(html().contains('full-layout')).toBe(false);
    document.querySelector('span')!.click();
    expect(html().contains('full-layout')).toBe(true);
  });
});
