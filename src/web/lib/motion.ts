/**
 * Decorative motion (`.motion-static` in index.css: the hero's emblem, the voice card's waves, the
 * contact drawing's signals, the brand banner) runs only while its part of the page is on screen.
 * An animation runs on whether anyone sees it or not, and each frame of it costs the page a style
 * pass (an SVG part's, a layout too): a steady share of the main thread while nobody watches
 * (docs/performance.md). Marks each part `data-offscreen` while it is out of view. React never
 * renders that attribute: started once the parts have hydrated (app/App.tsx), it is left be.
 * Returns how to stop.
 */
export function pauseMotionOffScreen(root: ParentNode = document): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.toggleAttribute('data-offscreen', !entry.isIntersecting);
  });
  for (const part of root.querySelectorAll('[data-hero], [data-section]')) observer.observe(part);
  return () => observer.disconnect();
}
