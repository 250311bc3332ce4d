const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as it must be written into HTML, in an element or a quoted attribute: the page's <head>
 * (src/web/seo/head.ts), written as a string. The server's e-mails and pages are written by React,
 * which escapes what they show itself (src/server/core/html.ts).
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Runs of white space (line breaks too) as one space: e-mail headers and Vapi's strings must stay on one line whatever the visitor said or typed. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Copy's one piece of markup, `[label](href)`, read as its label alone: for text that is not a page (an agent's prompt, search engines' data). */
export const withoutLinks = (text: string) => text.replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1');
