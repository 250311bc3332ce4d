import { createContext, memo, Suspense, use, useContext, type ReactNode } from 'react';

const never = new Promise<never>(() => {});

function KeepPrerendered(): never {
  return use(never);
}

/**
 * Whether <Static> renders its children: on the server, and in a browser that renders the page
 * from nothing (the bench's plain client-rendered build), which says so with a provider.
 */
export const RenderStatic = createContext<boolean>(import.meta.env.SSR);

/**
 * Markup that is prerendered and never hydrated, for parts with nothing to interact with (text,
 * icons, links, decorations): whole sections (./Slot.tsx), whose code and copy the browser never
 * fetches, and the still parts of the sections that hydrate (./README.md lists them), which React
 * then neither walks nor builds. The server renders `children` inside a Suspense boundary; the
 * browser renders the same boundary around a component that suspends for ever, so React keeps the
 * boundary's prerendered HTML as it is, for good. Rendered once and never again (its props are
 * taken as unchanged, whatever a parent with state passes it): a new render would make React
 * replace that HTML with the (empty) fallback. A context change above would too: the content and
 * theme above are stable.
 */
export const Static = memo(
  function Static({ children }: { children?: ReactNode }) {
    return <Suspense fallback={null}>{useContext(RenderStatic) ? children : <KeepPrerendered />}</Suspense>;
  },
  () => true,
);
