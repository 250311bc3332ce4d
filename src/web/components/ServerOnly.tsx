import { Suspense, use, type ReactNode } from 'react';

const never = new Promise<never>(() => {});

/** Suspends for ever: Preact, hydrating, leaves the prerendered markup of the boundary as it is. */
function Prerendered(): never {
  return use(never);
}

/**
 * Markup that is prerendered and never hydrated, for parts with nothing interactive in them (plain
 * text and links): the browser downloads neither their code nor their text. The prerender step
 * passes `children`; the browser passes none, and Preact keeps the server's markup inside this
 * Suspense boundary for good. Nothing above it may re-render with new props or context after
 * hydration, or Preact would replace that markup with the (empty) fallback.
 */
export function ServerOnly({ children }: { children?: ReactNode }) {
  return <Suspense fallback={null}>{children === undefined ? <Prerendered /> : children}</Suspense>;
}
