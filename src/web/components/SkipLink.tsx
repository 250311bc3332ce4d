/**
 * "Skip to main content": the first stop of the keyboard on every page, hidden until focused. It
 * then shows under the fixed bar (never over the logo), at the left edge of the page's column,
 * with its own padding: the `sr-only` that hides it applies only while it is not focused (a
 * `focus:not-sr-only` would reset the padding to 0).
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="fixed top-20 left-[max(var(--spacing-gutter),calc((100%_-_var(--spacing-column))/2))] z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary shadow-lg not-focus:sr-only"
    >
      {label}
    </a>
  );
}
