/**
 * A unit of hydration (the root, or a section's boundary: ./pending.ts) becomes live when React
 * commits it. It is marked `data-live`, what the visitor typed and did meanwhile is handed to it,
 * and once every unit of the page is live, `<html data-hydrated>` says so (browser tests wait for it).
 */
const waiting = new Set<string>();

/** Each unit that will hydrate says so while the page first renders, before any of them commits. */
export function expectUnit(name: string): void {
  waiting.add(name);
}

/** `name`: 'root', or the section's id; `unit`: its element (#root, or the section's wrapper). */
export function markLive(name: string, unit: Element | null): void {
  if (!unit || !waiting.delete(name)) return;
  unit.setAttribute('data-live', '');
  restoreTyped(unit);
  replayPending(unit);
  if (waiting.size === 0) document.documentElement.setAttribute('data-hydrated', '');
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The unit an element belongs to: the nearest section wrapper, else the root (as ./pending.ts finds it). */
const unitOf = (element: Element) => element.closest('[data-section],#root');

/**
 * React keeps, when it hydrates a field, the text typed into it beforehand, but its state does not
 * know it: the form would send empty values. Each such field is told again, through the `input`
 * event React listens to (the detour through an empty value makes React see a change).
 */
function restoreTyped(unit: Element): void {
  for (const field of unit.querySelectorAll<Field>('input, textarea')) {
    // The root holds every section: only its own fields, not those of sections still to hydrate.
    if (unitOf(field) !== unit || field.type === 'hidden' || field.value === field.defaultValue) continue;
    const value = field.value;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    field.value = '';
    setValue?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Replays, in order, the clicks and submits that landed in this unit before it was live. */
function replayPending(unit: Element): void {
  const pending = document.pendingActions;
  if (!pending) return;
  const mine = pending.filter((action) => unitOf(action) === unit);
  if (mine.length === 0) return;
  for (const action of mine) pending.splice(pending.indexOf(action), 1);
  // After React's commit, which is running now.
  queueMicrotask(() => {
    for (const action of mine) {
      action.removeAttribute('data-pending');
      if (!action.isConnected) continue;
      if (action instanceof HTMLFormElement) action.requestSubmit();
      else (action as HTMLElement).click();
    }
  });
}
