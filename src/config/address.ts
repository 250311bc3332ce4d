import type { SiteConfig } from './site-schema';

/**
 * The mailing address on one line, Canada Post style: "1250 rue Example, Montréal (QC) H3B 0A1";
 * the postal code never breaks across lines. Its own module: the page's first screen needs it, and
 * must not bring in the schema's validation library.
 */
export function formatAddress(address: SiteConfig['address']): string {
  return `${address.street}, ${address.city} (${address.region}) ${address.postalCode.replace(/ /g, '\u00a0')}`;
}
