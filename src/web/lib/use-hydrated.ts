import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the prerendered HTML and while hydrating; true once the component runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
