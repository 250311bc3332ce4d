import { CheckCircle2 } from 'lucide-react';

/**
 * What a form's success notice said, put in its card once the notice has gone (lib/notices.ts):
 * not a live region, as the notice was one, so a screen reader hears it once too.
 */
export function SentNote({ title, description }: { title: string; description?: string }) {
  return (
    <p
      data-sent=""
      className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <CheckCircle2 aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
      <span>
        <strong className="font-semibold">{title}</strong>
        {description ? ` ${description}` : null}
      </span>
    </p>
  );
}
