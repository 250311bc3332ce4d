/**
 * A primary action (a call to action, a form's button): the one accent (`primary`, app/index.css:
 * the same indigo with white text in both themes), as a pill at least 48 px high. Add the padding
 * and width that suit the place.
 */
export const primaryAction =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-primary font-semibold text-on-primary shadow-lg shadow-primary/25 transition hover:bg-primary-hover disabled:cursor-wait disabled:opacity-80';
