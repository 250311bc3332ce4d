import { useCallback, useState } from 'react';

/** Open/closed state of independent accordion items: several may be open, a toggle touches one. */
export function toggleItem(open: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function useAccordion() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => setOpen((current) => toggleItem(current, id)), []);
  return { isOpen: (id: string) => open.has(id), toggle };
}
