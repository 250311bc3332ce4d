import { useEffect, useState } from 'react';
import { activeSection } from '../../lib/scroll';

/** The id of the section crossing the active line (110 px from the viewport top, lib/scroll.ts), kept up on scroll. */
export function useActiveSection<T extends string>(ids: T[]): T | null {
  const [active, setActive] = useState<T | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ') as T[];
    let cancel: (() => void) | null = null;
    const measure = () => {
      cancel = null;
      const boxes = list.flatMap((id) => {
        const element = document.getElementById(id);
        if (!element) return [];
        // A section below the first screen is not laid out until it comes near (app/index.css): its
        // wrapper's box (the estimate until then) stands for it, as measuring inside would lay it out now.
        const rect = (element.closest('[data-section]') ?? element).getBoundingClientRect();
        return [{ id, top: rect.top, bottom: rect.bottom }];
      });
      setActive(activeSection(boxes));
    };
    const schedule = () => {
      cancel ??= afterNextLayout(measure);
    };
    // Not in the middle of hydration: with the layout of the next frame.
    schedule();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      cancel?.();
    };
  }, [key]);
  return active;
}

/**
 * Runs `read` just after the browser has laid out and painted its next frame, when reading the
 * layout costs nothing. Read in a requestAnimationFrame callback, the layout is not done yet: the
 * read would make the frame's style and layout run inside the callback, as part of the script's
 * task. Returns a function that cancels it.
 */
function afterNextLayout(read: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(read, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
