/**
 * Critical CSS: the rules the first screen needs, inlined in the page so it paints from the first
 * round trip, while the full stylesheet loads without blocking rendering.
 *
 * beasties keeps the rules whose selectors match something in a document. It is given only the
 * first screen (the navigation, the hero and the section under it: scripts/lib/page-weight.ts
 * firstScreenEnd) and every class the boot script may set on <html> (theme, layout, `js`...), so
 * the result holds both layouts and both themes of the first screen and nothing of the rest, except
 * the wrappers of the sections below (hydration/Slot.tsx), empty: their rules (index.css) keep those
 * sections from being laid out at the first paint, each with an estimated height.
 */
import Beasties from 'beasties';
import { firstScreenEnd } from './page-weight';

/** Classes lib/boot.ts may put on <html> before the first paint. */
const BOOT_CLASSES = 'js io dark theme-light theme-dark layout-mobile layout-desktop scrolled full-layout';

export type CriticalCss = { css: string; stylesheet: string };

export async function criticalCss(html: string, distDir: string): Promise<CriticalCss> {
  const stylesheet = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/.exec(html)?.[1];
  if (!stylesheet) throw new Error('the page links no stylesheet: was it built from index.html?');

  const end = firstScreenEnd(html);
  const wrappers = [...html.slice(end).matchAll(/<div data-section="[^"]+">/g)].map(([tag]) => `${tag}</div>`).join('');
  const firstScreen = (end === html.length ? html : `${html.slice(0, end)}${wrappers}</main></div></body></html>`).replace(
    /<html\b([^>]*)>/,
    `<html$1 class="${BOOT_CLASSES}">`,
  );
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    pruneSource: false,
    compress: true,
    keyframes: 'critical',
    fonts: false,
    logLevel: 'warn',
    allowRules: [whereRulesOf(firstScreen)],
  });
  const processed = await beasties.process(firstScreen);
  const css = [...processed.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  if (!css) throw new Error(`beasties found no critical CSS for the first screen in ${stylesheet}`);
  // The sections whose content is part of the first screen (the one under the hero) are styled by it.
  const styled = [...html.slice(0, end).matchAll(/<div data-section="([^"]+)">/g)].map((match) => match[1]!);
  return { css: unrenderedBelowTheFold(css, styled), stylesheet };
}

/**
 * The sections below the first screen, as the critical CSS has them: not rendered at all until the
 * full stylesheet applies (`hidden` instead of index.css's `auto`), but for those of the first
 * screen (`styled`), which it styles. With `auto`, the browser lays out the ones a couple of screens
 * down with the first frame, without their rules, and keeps that height
 * (`contain-intrinsic-block-size: auto`) until the visitor comes near: a section (the voice demo on
 * a phone) ends up short, and the page moves under a visitor who jumps there. They are below the first
 * screen, so nothing of them is missed meanwhile; each keeps its estimated height.
 */
function unrenderedBelowTheFold(css: string, styled: string[]): string {
  const hidden = css.replace(/(\[data-section\]\{content-visibility:)auto\b/g, '$1hidden');
  if (css.includes('[data-section]{') && hidden === css) {
    throw new Error('the critical CSS holds the sections but not as index.css wrote them: has [data-section] changed?');
  }
  return hidden + styled.map((id) => `[data-section=${id}]{content-visibility:auto}`).join('');
}

/**
 * beasties tests a selector against the page after removing its pseudo-classes with their
 * arguments, so a selector that is all `:where(...)` comes out empty and its rule is left out.
 * Tailwind writes its space-* and divide-* utilities that way (`:where(.space-y-2>:not(:last-child))`):
 * lists on the first screen got their spacing only with the full stylesheet, and moved. Such a rule
 * is kept when the class it starts with is on the first screen.
 */
function whereRulesOf(html: string): RegExp {
  const classes = new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)).filter(Boolean));
  const alternatives = [...classes].map((name) => escapeRegExp(asInSelector(name)));
  // Whole class names only: `.dark` must not match `.dark\:divide-slate-800` (an escape goes on with the name).
  return new RegExp(`^:where\\(\\.(?:${alternatives.join('|')})(?![\\w\\\\-])`);
}

/**
 * The page's render-blocking `<link rel=stylesheet>` replaced by the critical CSS, an inline script
 * that adds the full stylesheet without blocking rendering, and the same link inside <noscript> for
 * browsers without JavaScript. Chromium holds the first paint for any stylesheet pending in <head>,
 * even one a script added, unless its media does not match: it is added as `print` and switched to
 * `all` once loaded.
 */
export function inlineCriticalCss(html: string, { css, stylesheet }: CriticalCss): string {
  const link = new RegExp(`<link\\b[^>]*\\bhref="${escapeRegExp(stylesheet)}"[^>]*>`);
  if (!link.test(html)) throw new Error(`no <link> to ${stylesheet} in the page`);
  // Should it fail to load, the sections the critical CSS keeps unrendered (unrenderedBelowTheFold)
  // are rendered as they are (`full-layout`, whose rule the critical CSS holds): plain, but readable.
  const loader = `var l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(stylesheet)};l.media="print";l.onload=function(){l.media="all"};l.onerror=function(){document.documentElement.classList.add("full-layout")};document.head.appendChild(l)`;
  return html.replace(link, `<style>${css}</style><script>${loader}</script><noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`);
}

/** A class name as a selector writes it: every character but letters, digits, - and _ escaped. */
function asInSelector(className: string): string {
  return className.replace(/[^\w-]/g, (character) => `\\${character}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
