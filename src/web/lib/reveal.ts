/**
 * One-time entrance animations (index.css: `[data-reveal]` sections, `.reveal-item` children), run
 * outside React so they do not wait for a section's hydration: sections below the fold hydrate
 * late (hydration/Slot.tsx) but must still appear as they scroll into view. Marks each section
 * `data-inview` once it is in view; React never renders that attribute, so hydration leaves it be.
 */
export function revealOnScroll(root: ParentNode = document): void {
  // Without IntersectionObserver the boot script sets no `io` class and CSS shows everything.
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute('data-inview', '');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const section of root.querySelectorAll('[data-reveal]:not([data-inview])')) observer.observe(section);
}
