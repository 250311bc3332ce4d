/**
 * A message as the page's in-place errors end, with a period: the notices keep their own
 * words ("Please enter your email address"); said beside a field, every error ends the same way.
 */
export function sentence(text: string): string {
  return /[.!?…]\s*»?$/.test(text.trim()) ? text : `${text.trimEnd()}.`;
}
