import fp from 'fastify-plugin';
import type { RateLimit } from '../core/config';
import { apiScope } from '../core/plugins/api-scope';
import type { StoreAccess } from '../core/plugins/storage';
import { contactRoute } from './contact-route';
import type { ContactsRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The leads, as the voice demo asks them: a callback request taken during a call is a lead. */
    leads: Leads;
  }
}

export type Leads = Pick<ContactsRepository, 'insertVoiceLead' | 'attachCallReport'>;

export type LeadsOptions = { store: StoreAccess<ContactsRepository>; rateLimit: RateLimit; proofRequired: boolean };

/**
 * The leads: POST /api/contact (./contact-route.ts), the contact requests' table
 * (./repository.ts), and what the voice demo's callback requests are stored through.
 */
export const leadsPlugin = fp<LeadsOptions>(
  async (app, { store, rateLimit, proofRequired }) => {
    app.decorate('leads', {
      insertVoiceLead: (lead) => store.get().insertVoiceLead(lead),
      attachCallReport: (callId, report) => store.get().attachCallReport(callId, report),
    } satisfies Leads);
    await apiScope(app, (api) => contactRoute(api, { store, rateLimit, proofRequired }));
  },
  { name: 'leads', dependencies: ['storage', 'rate-limit', 'outbox', 'proof-of-work'] },
);
