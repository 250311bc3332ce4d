/**
 * Says, in a form, that it needs JavaScript to send: shown only where the browser runs none
 * (`html:not(.js)` in app/index.css). It is `hidden` in the HTML, so it never shows where
 * JavaScript runs, not even before the stylesheet arrives.
 */
export function NoScriptNote({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p hidden className={`no-script-note rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100 ${className}`}>
      {text}
    </p>
  );
}
