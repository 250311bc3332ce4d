import { lazy, Suspense, type ComponentType } from 'react';
import { inOwnTask } from './tasks';

/**
 * A part of the first screen that hydrates in a task of its own, after the parts staged before it
 * (./tasks.ts); its prerendered markup stays as it is until then. The server renders it at once.
 * The wrapper (no box of its own: `display: contents`) marks where the part's markup ends, which
 * Preact needs to hydrate what follows while the part waits; the part must render one root element,
 * the only markup Preact keeps for it meanwhile.
 */
export function staged(Component: ComponentType): ComponentType {
  const Part = import.meta.env.SSR ? Component : lazy(() => inOwnTask().then(() => ({ default: Component })));
  return function Staged() {
    return (
      <div className="contents">
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </div>
    );
  };
}
