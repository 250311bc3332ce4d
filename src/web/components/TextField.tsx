import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

const controlClass =
  'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-3 text-base text-slate-900 placeholder:text-slate-500 transition-colors focus:border-brand-500 disabled:opacity-60 aria-invalid:border-rose-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-rose-400';

type Common = {
  id: string;
  label: string;
  /** Shown after the label for optional fields (required ones carry the `required` attribute). */
  hint?: string;
  error?: string;
};

/** A labelled input or textarea with its inline error, linked for screen readers. */
export function TextField(
  props: Common & (({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>) | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>)),
) {
  const { id, label, hint, error, multiline, ...rest } = props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: controlClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-100">
        {label}
        {hint ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">{` (${hint})`}</span> : null}
      </label>
      {multiline ? (
        <textarea rows={5} {...shared} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...shared} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
