import type { ReactNode } from 'react';

/**
 * A page section with its anchor id, heading and subtitle, named by its heading for screen readers.
 * With `reveal`, children marked `reveal-item` fade in once the section scrolls into view
 * (lib/reveal.ts marks it, outside React, so it works before the section hydrates).
 */
export function Section({
  id,
  headingId,
  title,
  subtitle,
  children,
  className = '',
  reveal = false,
}: {
  id?: string;
  headingId: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
  reveal?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={`py-section outline-none ${className}`} data-reveal={reveal ? '' : undefined}>
      <div className="page-column">
        {/* The title has the column's width, so it is on one line wherever it fits; the subtitle keeps a reading measure. */}
        <header className="mb-stack text-center">
          <h2 id={headingId} className="text-title font-bold tracking-tight text-balance">
            {title}
          </h2>
          {subtitle ? <p className="mx-auto mt-3 max-w-3xl text-lead text-pretty text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
