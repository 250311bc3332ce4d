/**
 * A message as the page's in-place errors end, with a period: the notices keep their own
 * words ("Please enter your email address"); said beside a field, every error ends the same way.
 */
export function sentence(text: string): string {
  return /[.!?…]\s*»?$/.test(text.trim()) ? text : `${text.trimEnd()}.`;
}

/**
 * The last two words of a long paragraph joined by a no-break space (its last breaking space), so
 * its last line never holds one word alone: for the FAQ's questions and answers and the
 * testimonials, where `text-wrap: pretty` (app/index.css) leaves one in Chromium. Never for a card's
 * text, balanced instead (components/Card.tsx): the joined pair made narrow cards ragged
 * (« Productivité jour et / nuit »).
 */
export function keepLastWordsTogether(text: string): string {
  return text.replace(/ (?=[^ ]*$)/, '\u00A0');
}
