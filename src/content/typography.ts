/**
 * French typography, Quebec usage (OQLF), applied once over the French copy (./fr/, ./privacy/fr.ts)
 * as it is loaded: the copy is written with a plain keyboard (' ... " and ordinary spaces), and the
 * rules live here, in one place, instead of in hundreds of strings typed by hand, where an
 * invisible space is easily lost. English is left exactly as written (the firm's strings).
 *
 * - ’ for the apostrophe, … for three dots, « » for quotation marks;
 * - a non-breaking space (U+00A0) before : and %, inside « », between a number and the word
 *   or sign after it (« 30 minutes », « 5 fois », « 5 × »), all through a span of time
 *   (« 24 heures sur 24 », « 7 jours sur 7 »), and before a last word of one to three letters
 *   (« …par IA »), so that it is never left alone on a line;
 * - a narrow non-breaking space (U+202F, OQLF's « espace fine ») before ; ! ?;
 * - a non-breaking hyphen (U+2011) inside words: « Trois-Rivières », « travaillez-vous » never
 *   break at their hyphen.
 *
 * Placeholders (`{email}`) and link targets (`](https://…)`) are left as they are.
 */
/** The no-break space, and the narrow one (OQLF's « espace fine »): for what the rules below cannot place. */
export const NBSP = '\u00A0';
export const NARROW_NBSP = '\u202F';
const NB_HYPHEN = '\u2011';
/** Spaces of any kind that may stand before a mark. */
const SPACES = '[ \\u00A0\\u202F]*';

/**
 * A name written as one piece: its spaces made non-breaking, in any language, so that a line never
 * ends inside it ("Atelier / IA"). For the brand, wherever copy writes it (../fill.ts, `{brand}`).
 */
export function keepTogether(name: string): string {
  return name.replace(/ /g, NBSP);
}

/** A hyphen inside a word (« Trois-Rivières »), not a dash between figures. */
const WORD_HYPHEN = /(?<=\p{L})-(?=\p{L})/gu;

/**
 * The words' hyphens made non-breaking, in any language: for names of people and places, which
 * never break at their hyphen (the testimonials' signatures).
 */
export function keepNamesWhole(text: string): string {
  return text.replace(WORD_HYPHEN, NB_HYPHEN);
}

const PROTECTED = /\{\w+\}|\]\([^)\s]+\)/g;
/** Private-use characters hold the protected parts' places while the rules run. */
const SLOT = /\uE000(\d+)\uE001/g;

/** The marks alone: ’ … « », and the spaces before : ; ! ? %. */
const PUNCTUATION: [RegExp, string][] = [
  [/\.\.\./g, '…'],
  [/'/g, '’'],
  [/"([^"]*)"/g, '«$1»'],
  [/«[ \u00A0\u202F]*/g, `«${NBSP}`],
  [/[ \u00A0\u202F]*»/g, `${NBSP}»`],
  [new RegExp(`(?<=\\S)${SPACES}:(?=\\s|$)`, 'g'), `${NBSP}:`],
  [new RegExp(`(?<=[^\\s;!?])${SPACES}([;!?])`, 'g'), `${NARROW_NBSP}$1`],
  [new RegExp(`(?<=\\d)${SPACES}%`, 'g'), `${NBSP}%`],
];

const RULES: [RegExp, string][] = [
  ...PUNCTUATION,
  [/(?<=\d) (?=[\p{L}×])/gu, NBSP],
  [/(?<=\d\u00A0\p{L}+) sur (?=\d)/gu, `${NBSP}sur${NBSP}`],
  [WORD_HYPHEN, NB_HYPHEN],
  [/ (?=\p{L}{1,3}[.!?…]?$)/u, NBSP],
];

/** `text` through `rules`, its protected parts and `values` (in slots already) left as they are. */
function applyRules(text: string, rules: readonly [RegExp, string][], values: readonly string[] = []): string {
  const kept = [...values];
  let typeset = text.replace(PROTECTED, (part) => `\uE000${kept.push(part) - 1}\uE001`);
  for (const [pattern, replacement] of rules) typeset = typeset.replace(pattern, replacement);
  return typeset.replace(SLOT, (_slot, index: string) => kept[Number(index)]!);
}

export function frenchTypography(text: string): string {
  return applyRules(text, RULES);
}

/**
 * French punctuation alone (’ … « », and the no-break spaces before : ; ! ? %), numbers and
 * hyphens left as written: for the server's words (the firm's e-mails and figures, the newsletter's
 * pages and e-mail), where a command such as `atelier-ia export` must stay one to copy.
 */
export function frenchPunctuation(text: string): string {
  return applyRules(text, PUNCTUATION);
}

/**
 * frenchPunctuation as a template tag: the template's own words typeset, its values (a name, an
 * address, a date) put in as they are, never changed: frenchMarks`Résumé de l'appel : ${name}`.
 */
export function frenchMarks(strings: TemplateStringsArray, ...values: unknown[]): string {
  return applyRules(
    strings.reduce((text, part, index) => `${text}\uE000${index - 1}\uE001${part}`),
    PUNCTUATION,
    values.map(String),
  );
}

/** Keys whose values are identifiers, not prose: left as they are. */
const IDENTIFIERS = new Set(['id', 'anchor', 'locale']);

/** Every string of a copy object, typeset (identifiers aside): by every rule, or by `rules` (frenchPunctuation). */
export function typesetFrench<T>(value: T, rules: (text: string) => string = frenchTypography): T {
  if (typeof value === 'string') return rules(value) as T;
  if (Array.isArray(value)) return value.map((item) => typesetFrench(item, rules)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, IDENTIFIERS.has(key) ? item : typesetFrench(item, rules)])) as T;
  }
  return value;
}
