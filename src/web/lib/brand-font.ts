/**
 * The brand typeface, Inter, kept off the first paint's path (docs/performance.md). A page this
 * browser opens before it has the file is drawn, all of it, with a local face sized to Inter's
 * metrics; once it has loaded and the browser is idle, this fetches the file (its address on
 * <html data-font>, written by the build, scripts/lib/brand-font.ts) into the browser's cache and
 * remembers it. From the next page on, lib/boot.ts names the face before the first paint, and it is
 * drawn from the cache. It is never swapped in on the page that fetched it: measured, a swap moved
 * text even with the local face sized to Inter (the French hero's note under its button, 0.2 px
 * short of the room it had).
 */
import { whenIdle } from './idle';

/** The face as the page's CSS names it, and the weights its one variable file holds. */
export const BRAND_FACE = { family: 'Inter', weights: { min: 400, max: 800 } } as const;

/** On <html> when the page is drawn with the face (index.css's --font-sans puts it first). */
export const FONT_BRAND_CLASS = 'font-brand';

/** The file this browser has (its address): lib/boot.ts reads the same key, literally. */
export const FONT_STORAGE_KEY = 'font';

export function fetchBrandFontWhenIdle(): void {
  const root = document.documentElement;
  const href = root.dataset.font;
  // Drawn already (lib/boot.ts); no file (`npm run dev`); no FontFace (old browsers).
  if (!href || root.classList.contains(FONT_BRAND_CLASS) || typeof FontFace === 'undefined') return;
  // A visitor who asked to save data keeps the local face.
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  whenIdle(() => {
    // Loaded as the page's own rule would load it, so the cache holds it for that rule, and
    // remembered only once the browser could read it; never added to the page's fonts.
    const { min, max } = BRAND_FACE.weights;
    new FontFace(BRAND_FACE.family, `url(${href}) format("woff2")`, { weight: `${min} ${max}` }).load().then(
      () => {
        try {
          localStorage.setItem(FONT_STORAGE_KEY, href);
        } catch {
          /* storage blocked: each page keeps the local face */
        }
      },
      () => {
        /* not loaded (offline, blocked): asked again on the next page */
      },
    );
  });
}
