import { createContext, Suspense, use, useContext, type ReactNode } from 'react';

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
 * boundary's prerendered HTML as it is, for good. Nothing above it may re-render it with new props
 * or context, or React would replace that HTML with the (empty) fallback: the content and theme
 * above are stable, and a Static under a component with state sits in a `memo` component whose
 * props do not change (sections/faq/Faq.tsx).
 */
export function Static({ children }: { children?: ReactNode }) {
  return <Suspense fallback={null}>{useContext(RenderStatic) ? children : <KeepPrerendered />}</Suspense>;
}
