import { domainToASCII } from 'node:url';

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
/** The dot of a host name, and the three IDNA (and so browsers) read as one: 。．｡ */
const DOTS = '.\u3002\uFF0E\uFF61';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
/**
 * A host name, in any script: labels joined by dots, ending in letters or in an IDN's ASCII form
 * (`xn--p1ai`), so `3.5` and `e.g.` are left alone.
 */
const HOST = new RegExp(`(?:${LABEL}[${DOTS}])+(?:\\p{L}[\\p{L}\\p{M}]{1,62}|xn--[a-z0-9-]{1,59})(?![\\p{L}\\p{M}\\p{N}])`, 'giu');
const OTHER_DOTS = new RegExp(`[${DOTS.slice(1)}]`, 'g');
const NOT_ASCII = /[\u0080-\uFFFF]/;

/**
 * A host name as the firm's e-mail shows it: in ASCII (`café.example` is `xn--caf-dma.example`,
 * so a look-alike of a known name in another script cannot pass for it), its dots inert. One that
 * IDNA refuses keeps its letters.
 */
function inertHost(host: string): string {
  const dotted = host.replace(OTHER_DOTS, '.');
  const ascii = NOT_ASCII.test(dotted) ? domainToASCII(dotted) || dotted : dotted;
  return ascii.replaceAll('.', '[.]');
}

/**
 * Text with its links and addresses shown, but made inert ("defanged"): `https://evil.example/login`
 * becomes `https[:]//evil[.]example/login`, `x@evil.example` becomes `x@evil[.]example`, and a host
 * name in another script is shown in ASCII (`x@xn--caf-dma[.]example`). Mail clients make links of
 * what looks like one even in plain text, so escaping the HTML is not enough: the firm must be able
 * to read the link, never click it. The firm's e-mails show everything a visitor or a caller chose
 * through it (lead-email.ts).
 */
export function inertLinks(text: string): string {
  return text.replace(SCHEME, '$1[:]').replace(BARE_SCHEMES, '$1[:]').replace(HOST, inertHost);
}

/** Each line quoted as mail clients quote a message (`> `), in the plain-text part. */
export const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
