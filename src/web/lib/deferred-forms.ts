/**
 * The home page's forms are below the first screen, and Chrome's autofill reads every form of a page
 * at DOMContentLoaded, checking that each field can be focused and is visible: that styles and lays
 * out the sections holding them, off screen as they are (content-visibility only postpones it), in
 * one task of 75–160 ms on a phone with a 4× slower CPU, which Lighthouse counts as blocking time.
 * So the prerendered page holds each form inside a `<noscript data-form>` (components/DeferredForm):
 * where no script runs, that is the form itself; where scripts run, its markup is text, and this
 * function puts it in the page once its section comes near (app/lazy-sections.tsx) and before a
 * jump to a section (lib/boot.ts, lib/scroll.ts). A section hydrated while the browser is idle,
 * far from the visitor, gets its form from hydration instead.
 *
 * Self-contained (no imports, no closures): the prerender step also inlines it into the boot script.
 */
export function revealForms(root: ParentNode): void {
  for (const holder of root.querySelectorAll('noscript[data-form]')) {
    const markup = document.createElement('template');
    markup.innerHTML = holder.textContent ?? '';
    holder.replaceWith(markup.content);
  }
}
