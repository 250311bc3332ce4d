/**
 * "Skip to main content": the first stop of the keyboard on every page, hidden until focused. It
 * then shows inside the top bar, at the right edge of the page's column, over the bar's own
 * controls for as long as it has focus: never over the headline below the bar, nor over the logo.
 * Its own padding: the `sr-only` that hides it applies only while it is not focused (a
 * `focus:not-sr-only` would reset the padding to 0). 40 px high: centred in the mobile layout's bar
 * (56 px) and the desktop's (72 px); the other pages' bar (64 px) holds it too.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="fixed top-2 right-[max(var(--spacing-gutter),calc((100%_-_var(--spacing-column))/2))] z-50 rounded-lg bg-primary px-4 py-2.5 text-sm font-semibold text-on-primary shadow-lg not-focus:sr-only in-[.layout-desktop]:top-4"
    >
      {label}
    </a>
  );
}
