import type { Locale } from '../contracts/locales';
import type { SiteConfig } from './site-schema';

/** The languages the firm's contact details are written in: the site's (the page's, and the e-mails'). */
export type AddressLanguage = Locale;

const NBSP = '\u00a0';

/** Canada's provinces and territories by their postal abbreviation, named in French. */
const FRENCH_REGIONS: Record<string, string> = {
  AB: 'Alberta',
  BC: 'Colombie-Britannique',
  MB: 'Manitoba',
  NB: 'Nouveau-Brunswick',
  NL: 'Terre-Neuve-et-Labrador',
  NS: 'Nouvelle-Écosse',
  NT: 'Territoires du Nord-Ouest',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Île-du-Prince-Édouard',
  QC: 'Québec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * The mailing address on one line. English, as configured: "1250 rue Example, bureau 400,
 * Montréal (QC) H3B 0A1". French, Canada Post's French form: a comma after the civic number, the
 * province in full and two spaces before the postal code: "1250, rue Example, bureau 400,
 * Montréal (Québec)  H3B 0A1". The postal code never breaks across lines. Its own module: the
 * page's first screen needs it, and must not bring in the schema's validation library.
 */
export function formatAddress(address: SiteConfig['address'], language: AddressLanguage = 'en'): string {
  const postalCode = address.postalCode.replace(/ /g, NBSP);
  if (language === 'en') return `${address.street}, ${address.city} (${address.region}) ${postalCode}`;
  const street = address.street.replace(/^(\d+[A-Za-z]?)\s+(?=\p{L})/u, '$1, ');
  const region = FRENCH_REGIONS[address.region.toUpperCase()] ?? address.region;
  return `${street}, ${address.city} (${region})${NBSP} ${postalCode}`;
}

/** A North American number, however it is typed: "+1 514-555-0142", "(514) 555 0142", "514.555.0142". */
const NORTH_AMERICAN = /^(?:\+?1[\s.-]*)?\(?(\d{3})\)?[\s.-]*(\d{3})[\s.-]*(\d{4})$/;

/**
 * The phone number as each language writes it. English: as configured. French: the OQLF's form
 * for a number in Canada, "514 555-0142" (no +1: the `tel:` link keeps it), never broken across
 * lines (a no-break space). A number of another form is shown as configured.
 */
export function formatPhone(phone: string, language: AddressLanguage): string {
  const parts = language === 'fr' ? NORTH_AMERICAN.exec(phone.trim()) : null;
  // No break at the hyphen either: a line never breaks between a hyphen and a digit (UAX #14).
  return parts ? `${parts[1]}${NBSP}${parts[2]}-${parts[3]}` : phone;
}
