import { createContext, useContext, type ReactNode } from 'react';

/** True while the prerender step renders a page (app/entry-server.tsx). */
export const PrerenderContext = createContext(false);

/**
 * A form below the first screen. Prerendered inside `<noscript data-form>`, so that a browser
 * running scripts does not have it in the page until its section comes near (lib/deferred-forms.ts
 * says why and when); rendered as it is everywhere else, which is what the section hydrates.
 */
export function DeferredForm({ children }: { children: ReactNode }) {
  return useContext(PrerenderContext) ? <noscript data-form="">{children}</noscript> : <>{children}</>;
}
