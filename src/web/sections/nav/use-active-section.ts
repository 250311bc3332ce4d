import { useEffect, useState } from 'react';
import { activeSection } from '../../lib/scroll';

/** The id of the section crossing the active line (spec §9: 110 px from the viewport top), kept up on scroll. */
export function useActiveSection<T extends string>(ids: T[]): T | null {
  const [active, setActive] = useState<T | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ') as T[];
    let frame = 0;
    const measure = () => {
      frame = 0;
      const boxes = list.flatMap((id) => {
        const element = document.getElementById(id);
        if (!element) return [];
        // A section below the first screen is not laid out until it comes near (app/index.css): its
        // wrapper's box (the estimate until then) stands for it, as measuring inside would lay it out now.
        const rect = (element.closest('[data-deferred]') ?? element).getBoundingClientRect();
        return [{ id, top: rect.top, bottom: rect.bottom }];
      });
      setActive(activeSection(boxes));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // In the next frame, with the layout the browser does anyway, not in the middle of hydration.
    schedule();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}
