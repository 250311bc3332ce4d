/**
 * A message as the page's in-place errors end, with a period: the notices keep their own
 * words ("Please enter your email address"); said beside a field, every error ends the same way.
 */
export function sentence(text: string): string {
  return /[.!?…]\s*»?$/.test(text.trim()) ? text : `${text.trimEnd()}.`;
}

/**
 * The last two words of a long paragraph joined by a no-break space (its last breaking space), so
 * its last line never holds one word alone: for the FAQ's answers and the testimonials, longer than
 * the few lines `text-wrap: pretty` (app/index.css) evens out in Chromium. Never for a card's or any
 * short text, which pretty sets better: the joined pair made narrow cards ragged (« Productivité
 * jour et / nuit »).
 */
export function keepLastWordsTogether(text: string): string {
  return text.replace(/ (?=[^ ]*$)/, '\u00A0');
}
