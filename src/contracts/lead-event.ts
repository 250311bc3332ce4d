import type { ContactDetails, ContactField } from './contact';
import type { ContactPoint } from './voice-lead';

/**
 * What the server publishes about a lead: the webhook's JSON body and what the firm's e-mail
 * shows. The store's outbox queues them (src/server/core/database/outbox.ts).
 */

/**
 * The value of each field of the contact form's contract (./contact.ts), null for an optional
 * field the visitor left empty: what the store keeps (a column per field) and the webhook sends.
 */
export type ContactFieldValues = { [Field in ContactField]-?: undefined extends ContactDetails[Field] ? string | null : string };

/** 'form' (the contact form) or 'voice' (a callback request taken by the voice agent during a call). */
export type LeadSource = 'form' | 'voice';

/**
 * The contact's own fields as the webhook sends them (one per field of the contract,
 * src/contracts/contact.ts): null for one not given. A voice lead has at least one of the phone
 * and the e-mail address (CONTACT_POINTS); the form always gives both.
 */
export type ContactDetailsData = Omit<ContactFieldValues, ContactPoint> & Record<ContactPoint, string | null>;

export type ContactCreatedData = ContactDetailsData & {
  submissionId: number;
  /** 'voice': a callback request the voice agent took during a call. Absent in jobs queued before 0009 (form leads). */
  source?: LeadSource;
  locale: string | null;
  page: string | null;
  /** Voice leads: Vapi's call id (null for form leads). */
  callId?: string | null;
  /** Voice leads: when the caller would like to be called back, as said (null: not said, or a form lead). */
  preferredTime?: string | null;
};

/** A voice lead's call has ended: what Vapi's end-of-call report says of it, for the lead already sent. */
export type ContactCallReportData = {
  submissionId: number;
  callId: string;
  name: string;
  locale: string | null;
  /** Vapi's summary of the call (null if its report had none). */
  summary: string | null;
  /** The whole conversation, only when the firm keeps transcripts (VOICE_LEAD_TRANSCRIPT=on). */
  transcript: string | null;
};

export type NewsletterSubscribedData = {
  subscriptionId: number;
  email: string;
  locale: string | null;
  page: string | null;
};

/** A visitor asked for the newsletter: the e-mail asking them to confirm (to them, never to the firm). */
export type NewsletterConfirmationData = {
  confirmationId: number;
  email: string;
  locale: string | null;
  /** Signed into the link with the id: this e-mail's link confirms this request only. Absent in jobs queued before 0008. */
  linkNonce?: string | null;
};

/**
 * One network sent more than NOTIFICATIONS_PER_NETWORK_PER_HOUR notified requests in an hour: the
 * ones past it, counted into one e-mail to the firm at the end of that hour (never to the webhook,
 * which gets each of them).
 */
export type LeadsSummaryData = {
  /** The source network, as networkOf writes it ("203.0.113.0/24"). */
  network: string;
  contactRequests: number;
  newsletterSignUps: number;
  /** How many of that network's requests were e-mailed one by one before (the limit). */
  sentOneByOne: number;
  /** The hour the summary covers (the network's window: from its first notified request). */
  from: string;
  to: string;
};

/** The weekly digest of the site's figures (src/server/figures/): the week it covers, Monday to Sunday in FIRM_TIME_ZONE. */
export type StatsDigestData = { from: string; to: string };

/**
 * What happened, as the webhook sends it (its JSON is the request body) and the e-mail shows it.
 * `id` is the same for every channel of one event: receivers use it to drop duplicates.
 */
export type LeadEvent =
  | { id: string; type: 'contact.created'; createdAt: string; data: ContactCreatedData }
  | { id: string; type: 'contact.call_report'; createdAt: string; data: ContactCallReportData }
  | { id: string; type: 'newsletter.subscribed'; createdAt: string; data: NewsletterSubscribedData }
  | { id: string; type: 'newsletter.confirmation'; createdAt: string; data: NewsletterConfirmationData }
  | { id: string; type: 'leads.summary'; createdAt: string; data: LeadsSummaryData }
  | { id: string; type: 'stats.digest'; createdAt: string; data: StatsDigestData };
export type LeadEventType = LeadEvent['type'];
