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
        const rect = element.getBoundingClientRect();
        return [{ id, top: rect.top, bottom: rect.bottom }];
      });
      setActive(activeSection(boxes));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
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
