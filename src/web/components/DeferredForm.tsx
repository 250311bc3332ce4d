import { useEffect, useState, type ReactNode } from 'react';

/**
 * A form below the first screen. Prerendered inside `<noscript data-form>`, so that a browser
 * running scripts does not have it in the page until its section comes near (lib/deferred-forms.ts
 * says why and when); rendered as it is everywhere else, which is what the section hydrates.
 *
 * A section hydrated while the browser is idle, far from the visitor, finds its form still in the
 * `<noscript>`: it hydrates that as it is, and creates the form just after, in a task of its own
 * (effects run after the next frame), so that neither task is long on a slow phone.
 */
export function DeferredForm({ name, children }: { name: string; children: ReactNode }) {
  const [waiting, setWaiting] = useState(() => !import.meta.env.SSR && document.querySelector(`noscript[data-form="${name}"]`) !== null);
  useEffect(() => {
    // oxlint-disable-next-line react/set-state-in-effect -- the point: effects run after the next frame, in a task of their own
    if (waiting) setWaiting(false);
  }, [waiting]);
  if (import.meta.env.SSR) return <noscript data-form={name}>{children}</noscript>;
  // Hydration keeps what is inside an element given its HTML (here, the form's markup as text).
  if (waiting) return <noscript data-form={name} dangerouslySetInnerHTML={{ __html: '' }} />;
  return <>{children}</>;
}
