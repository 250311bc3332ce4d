import type { Locale } from '../../contracts/locales';

/**
 * The Open Graph / Twitter card image of each language: 1200×630 JPEG files committed under
 * public/og/ (made by `npm run brand-images`, scripts/brand-images.ts, from the brand and each
 * locale's meta title; run it again after changing either).
 */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

export function socialImagePath(locale: Locale): string {
  return `/og/${locale}.jpg`;
}
