import { z } from 'zod/mini';
import { email, honeypot, proof } from './fields';

export const newsletterRequestSchema = z.strictObject({
  email: email(),
  website: honeypot(),
  altcha: proof(),
});

export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;
export type NewsletterSubscription = z.output<typeof newsletterRequestSchema>;

/**
 * Identifies the wording of the newsletter consent shown beside the sign-up (CASL: proof of
 * consent records which text the subscriber agreed to). Change it whenever that wording changes in
 * any language (`footer.newsletter.consent` in src/content/<locale>/below-the-fold.ts); the server stores it with each
 * subscription.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-29.2';

/** The only form that collects newsletter consent today; stored with each subscription. */
export const NEWSLETTER_FORM = 'footer-newsletter';

/** A sign-up not confirmed within this many days is deleted. */
export const PENDING_SUBSCRIPTION_DAYS = 7;
