import type { DatabaseStore } from '../core/database/open';
import type { NewsletterConfirmationsRepository } from './confirmations';
import type { NewsletterRepository } from './repository';

/** The part of the store the newsletter works with: its two repositories and the links' secret. */
export type NewsletterStore = NewsletterRepository & NewsletterConfirmationsRepository & Pick<DatabaseStore, 'linkSecret'>;
