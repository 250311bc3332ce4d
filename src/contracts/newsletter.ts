import { z } from 'zod/mini';
import { email, honeypot } from './fields';

export const newsletterRequestSchema = z.strictObject({
  email: email(),
  website: honeypot(),
});

export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;
export type NewsletterSubscription = z.output<typeof newsletterRequestSchema>;
