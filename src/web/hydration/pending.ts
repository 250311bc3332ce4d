/* oxlint-disable unicorn/consistent-function-scoping -- inlined in the page: the function must hold all it uses */
/**
 * A click or a submit that comes before the part of the page it lands in has hydrated is kept and
 * replayed once the part is live (./live.ts), instead of being lost.
 *
 * React hydrates the page in parts ("units"): the first screen with the root (`#root`), then each
 * section below it in a Suspense boundary of its own (`[data-section]`, ./Slot.tsx). A click on a
 * unit whose code is there React hydrates on the spot and handles; but a click before React has
 * started (its script still on the way) or on a unit whose code is still loading, React drops
 * (discrete events are not replayed, by design). This listener, inlined in the boot script so that
 * it runs from the first paint, sees each such click before React does, checks again just after
 * React has (a listener on #root, added after React's own), and keeps it only if React did not
 * handle it. A form submitted early is kept the same way, and its native submission, which would
 * leave the page, is stopped.
 *
 * Self-contained (no imports, no closures): the prerender step inlines its source.
 */
export function capturePending(): void {
  const pending: Element[] = [];
  document.pendingActions = pending;
  const unitOf = (element: Element) => element.closest('[data-section],#root');
  const live = (unit: Element | null) => !unit || unit.hasAttribute('data-live');
  const keepIfUnhandled = (event: Event, action: Element, unit: Element) => {
    const root = document.getElementById('root');
    if (!root) return;
    root.addEventListener(
      event.type,
      (late) => {
        if (late !== event || live(unit)) return;
        event.preventDefault();
        event.stopPropagation();
        if (!pending.includes(action)) pending.push(action);
        // Shown at once where the page knows the response (an FAQ answer opens, "Call Me" reads
        // "Connecting...": app/index.css, VoiceDemo.tsx); ./live.ts takes it off as it replays.
        action.setAttribute('data-pending', '');
      },
      { capture: true, once: true },
    );
  };
  document.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element).closest?.('button');
      if (!control) return;
      const unit = unitOf(control);
      if (unit && !live(unit)) keepIfUnhandled(event, control, unit);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      const unit = unitOf(form);
      if (!unit || live(unit)) return;
      // The browser would post the form itself, leaving the page: React's handler prevents it too.
      event.preventDefault();
      keepIfUnhandled(event, form, unit);
    },
    true,
  );
}

declare global {
  interface Document {
    /** Controls clicked and forms submitted before their part of the page hydrated, oldest first. */
    pendingActions?: Element[];
  }
}
