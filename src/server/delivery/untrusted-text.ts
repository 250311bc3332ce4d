/**
 * What the firm's e-mails show of text someone else chose, so that it cannot pass for something else.
 */

/**
 * Characters that make a display name look like an address, or like more than one: quotes, angle
 * brackets (and their look-alikes), at signs (and theirs), the separators of an address list, and
 * the markers of an RFC 2047 encoded-word (`=?utf-8?q?...?=`, which mail clients decode into any of
 * these). A name written `"Your CEO <ceo@firm.example>"` or `=?utf-8?q?CEO_=3Cceo=40firm.example=3E?=`
 * would otherwise show as the firm's CEO in the Reply-To.
 */
const NOT_IN_A_NAME = /=\?|\?=|["'`<>@\\,;:()[\]\uFF20\uFE6B\uFF1C\uFF1E\u2039\u203A\u3008\u3009\uFE64\uFE65\u02C2\u02C3\u276E\u276F]/g;
const NAME_MAX = 64;

/** A display name that can only read as a name: the visitor's, cleaned of what could make it look like an address (undefined: none left). */
export function displayName(name: string): string | undefined {
  const cleaned = name.replace(NOT_IN_A_NAME, ' ').replace(/\s+/g, ' ').trim().slice(0, NAME_MAX).trim();
  return cleaned === '' ? undefined : cleaned;
}

/** Schemes mail clients turn into links even without `//`. */
const BARE_SCHEMES = /\b(mailto|tel|sms|callto|javascript|data|file):/gi;
/** `scheme://`, whatever the scheme. */
const SCHEME = /\b([a-z][a-z0-9+.-]{0,30}):(?=\/\/)/gi;
/** A host name: labels joined by dots, ending in letters (so `3.5` and `e.g.` are left alone). */
const HOST = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\b/gi;

/**
 * Text with its links and addresses shown, but made inert ("defanged"): `https://evil.example/login`
 * becomes `https[:]//evil[.]example/login`, `x@evil.example` becomes `x@evil[.]example`. Mail
 * clients make links of what looks like one even in plain text, so escaping the HTML is not enough:
 * the firm must be able to read the link, never click it.
 */
export function inertLinks(text: string): string {
  return text
    .replace(SCHEME, '$1[:]')
    .replace(BARE_SCHEMES, '$1[:]')
    .replace(HOST, (host) => host.replaceAll('.', '[.]'));
}

/** Each line quoted as mail clients quote a message (`> `), in the plain-text part. */
export const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
