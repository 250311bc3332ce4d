const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as it must be written into HTML, in an element or a quoted attribute: the firm's and the
 * visitor's e-mails, the newsletter's link pages, the page's <head>. Everything a visitor typed
 * goes through it before it reaches HTML.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Runs of white space (line breaks too) as one space: e-mail headers and Vapi's strings must stay on one line whatever the visitor said or typed. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Copy's one piece of markup, `[label](href)`, read as its label alone: for text that is not a page (an agent's prompt, search engines' data). */
export const withoutLinks = (text: string) => text.replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1');
