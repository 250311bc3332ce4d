/**
 * A message as the page's in-place errors end, with a period: the notices keep their own
 * words ("Please enter your email address"); said beside a field, every error ends the same way.
 */
export function sentence(text: string): string {
  return /[.!?…]\s*»?$/.test(text.trim()) ? text : `${text.trimEnd()}.`;
}

/**
 * The last two words of a paragraph joined by a no-break space (its last breaking space), so its
 * last line never holds one word alone, in any browser: `text-wrap: pretty` (app/index.css) does it
 * only for short paragraphs in Chromium, and nowhere in some browsers.
 */
export function keepLastWordsTogether(text: string): string {
  return text.replace(/ (?=[^ ]*$)/, '\u00A0');
}
