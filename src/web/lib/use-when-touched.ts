import { type RefObject, useEffect } from 'react';

/**
 * Runs `start` when focus first enters the form (any field), or at once when a field already had
 * focus as the form hydrated: what a form needs only once the visitor uses it (its proof of work,
 * its contract check) starts then, long before "Send". `start` may be called again on later
 * focuses: it must do nothing when its work is already under way.
 */
export function useWhenTouched(form: RefObject<HTMLFormElement | null>, start: () => void): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    if (element.contains(document.activeElement)) start();
    element.addEventListener('focusin', start);
    return () => element.removeEventListener('focusin', start);
  }, [form, start]);
}
