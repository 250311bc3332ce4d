import { useSyncExternalStore } from 'react';

export type Layout = 'mobile' | 'desktop';

function subscribe(listener: () => void) {
  // boot.ts toggles the layout class on resize; its listener was registered first, so it has run.
  addEventListener('resize', listener);
  return () => removeEventListener('resize', listener);
}

function snapshot(): Layout {
  return document.documentElement.classList.contains('layout-mobile') ? 'mobile' : 'desktop';
}

/**
 * The layout chosen by the boot script. Markup never depends on it (both layouts are in the HTML
 * and CSS shows one), only behaviour such as scroll offsets does.
 */
export function useLayout(): Layout {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}

export function currentLayout(): Layout {
  return snapshot();
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
