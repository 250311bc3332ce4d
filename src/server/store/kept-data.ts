import { PENDING_SUBSCRIPTION_DAYS } from './newsletter-confirmations';
import type { Database } from './tables';

/**
 * What the firm keeps, declared once: every column of every table, and for each one that holds
 * something about a person, a device or a network (addresses and keys derived from them, names,
 * e-mails, phones, companies, messages, call ids, summaries, transcripts, networks, page paths),
 * what it is, why it is kept, for how long, who sees it and where it goes. The privacy policy's
 * facts are these (src/content/privacy/), and kept-data.test.ts fails when the database has a
 * table or column not declared here, or this declares one the database does not have, on both
 * engines. The type makes every column of ./tables.ts required: a new column cannot compile
 * without its entry.
 */

/** Who can see it, or where it goes besides the firm's own database. */
export const RECIPIENTS = {
  /** The people at the firm who answer leads and send the newsletter (the export, the notifications). */
  firm: { place: 'the firm' },
  /** The firm's e-mail relay (SMTP_URL): the notification e-mails carry it. */
  relay: { place: 'where the firm’s e-mail provider is' },
  /** The firm's webhook receiver (WEBHOOK_URL): its CRM or automation tool. */
  webhook: { place: 'where the firm’s CRM or automation tool is' },
  /** Vapi, the voice demo's provider: it holds the call and its record under the firm's account. */
  vapi: { place: 'United States' },
  /** Daily, which carries the call's audio for Vapi. */
  daily: { place: 'United States' },
} as const;
export type Recipient = keyof typeof RECIPIENTS;

/** Why it is kept. */
export type Purpose =
  /** To answer the request it came with. */
  | 'answer'
  /** To send the newsletter, and prove the consent it was sent with (CASL). */
  | 'newsletter'
  /** To keep one address, one network or one stranger from spending what everyone shares. */
  | 'abuse'
  /** To count the site's use and the demo's calls, for the firm's figures and bill. */
  | 'figures'
  /** To deliver a notification to the firm. */
  | 'notify'
  /** To run the voice demo's call (its budget, its lines, ending a call nobody joined). */
  | 'demo';

/**
 * How long it is kept: a number of days a setting names, a fixed number of days, or until an
 * event. `enforced`: what deletes or clears it when that time comes (a purge job of
 * ../retention.ts, or the code path that clears it); false while nothing does yet.
 */
export type Retention =
  | { setting: 'SITE_RETENTION_DAYS' | 'STATS_RETENTION_DAYS'; enforced: boolean }
  | { days: number; enforced: boolean }
  | {
      until:
        | 'delivered' /** the notification is delivered or given up */
        | 'window-end' /** the counting window of its key ends (minutes to a day) */
        | 'day-end' /** the demo's day (in the firm's time zone) is over */
        | 'call-settled' /** the call it controls is settled */
        | 'unsubscribed' /** the person unsubscribes (the address then stays as the consent's proof) */
        | 'erasure'; /** the person asks for it to be deleted (the proof of consent and of its withdrawal, which the law asks the firm to keep) */
      enforced: boolean;
    };

/** What one column holds about someone, or that it holds nothing personal. */
export type ColumnDeclaration =
  | { personal: false; what: string }
  | {
      personal: true;
      /** About whom: a person (what they gave or said), their device, or their network. */
      about: 'person' | 'device' | 'network';
      what: string;
      purpose: Purpose;
      kept: Retention;
      /** Who sees it besides the database (the firm always, through the export or the notifications). */
      seenBy: readonly Recipient[];
    };

type Declared = { [Table in keyof Database]: { [Column in keyof Database[Table]]-?: ColumnDeclaration } };

const nothing = (what: string): ColumnDeclaration => ({ personal: false, what });

/** A lead's own fields: kept SITE_RETENTION_DAYS, e-mailed to the firm and posted to its webhook. */
const lead = (what: string, seenBy: readonly Recipient[] = ['firm', 'relay', 'webhook']): ColumnDeclaration => ({
  personal: true,
  about: 'person',
  what,
  purpose: 'answer',
  kept: { setting: 'SITE_RETENTION_DAYS', enforced: true },
  seenBy,
});

/** A subscriber's consent and its proof: kept while subscribed, then as the proof the law asks for. */
const subscriber = (what: string, seenBy: readonly Recipient[] = ['firm']): ColumnDeclaration => ({
  personal: true,
  about: 'person',
  what,
  purpose: 'newsletter',
  kept: { until: 'erasure', enforced: true },
  seenBy,
});

/** A sign-up waiting for its address to confirm: deleted PENDING_SUBSCRIPTION_DAYS after the request. */
const pending = (what: string, seenBy: readonly Recipient[] = ['firm']): ColumnDeclaration => ({
  personal: true,
  about: 'person',
  what,
  purpose: 'newsletter',
  kept: { days: PENDING_SUBSCRIPTION_DAYS, enforced: true },
  seenBy,
});

export const KEPT_DATA: Declared = {
  contact_submissions: {
    id: nothing('the request’s number'),
    name: lead('the name given'),
    email: lead('the e-mail address given'),
    phone: lead('the phone number given'),
    company: lead('the company given'),
    message: lead('the message written, or the need the voice agent noted'),
    locale: lead('the language of the page or of the call'),
    page: lead('the path of the page the form was sent from'),
    status: nothing('the firm’s follow-up state'),
    created_at: lead('when the request was received'),
    source: nothing('the contact form or the voice agent'),
    call_id: lead('Vapi’s id of the call the request was taken in, with which the call’s record can be fetched at Vapi', ['firm', 'relay', 'webhook', 'vapi']),
    tool_call_id: lead('Vapi’s id of the agent’s request within that call', ['firm', 'vapi']),
    preferred_time: lead('when the caller would like to be called back, as said'),
    call_summary: lead('the summary Vapi’s AI wrote of the call', ['firm', 'relay', 'webhook', 'vapi']),
    call_transcript: lead('the call’s transcript, only when the firm keeps them (VOICE_LEAD_TRANSCRIPT)', ['firm', 'relay', 'webhook', 'vapi']),
  },
  newsletter_subscriptions: {
    id: nothing('the subscription’s number'),
    email: subscriber('the e-mail address, as typed', ['firm', 'relay', 'webhook']),
    email_normalized: subscriber('the same address, lower-cased, so that it is subscribed once'),
    locale: subscriber('the language of the page it was given on'),
    page: subscriber('the path of that page'),
    created_at: subscriber('when it was first given'),
    consent_at: subscriber('when the current consent was given'),
    consent_form: nothing('which of the site’s forms collected it'),
    consent_locale: subscriber('the language the consent was given in'),
    consent_version: nothing('the version of the consent wording shown'),
    consent_method: nothing('how consent was given: the form, or the link in a confirmation e-mail'),
    unsubscribed_at: subscriber('when the person unsubscribed'),
  },
  newsletter_consent_log: {
    id: nothing('the entry’s number'),
    subscription_id: subscriber('whose consent it records'),
    action: subscriber('subscribed or unsubscribed'),
    at: subscriber('when'),
    form: nothing('which form'),
    locale: subscriber('the language of the page'),
    page: subscriber('the path of the page'),
    consent_version: nothing('the version of the consent wording shown'),
    method: nothing('the form, or the link in a confirmation e-mail'),
  },
  newsletter_confirmations: {
    id: nothing('the request’s number'),
    email: pending('the e-mail address to confirm', ['firm', 'relay']),
    email_normalized: pending('the same address, lower-cased'),
    locale: pending('the language of the page'),
    page: pending('the path of the page'),
    form: nothing('which form'),
    consent_version: nothing('the version of the consent wording shown'),
    requested_at: pending('when it was asked for'),
    email_queued_at: pending('when its confirmation e-mail was sent'),
    confirmed_at: pending('when its link was followed'),
    link_nonce: nothing('a random value that makes only the latest link work'),
  },
  settings: {
    name: nothing('the name of one of the server’s own values'),
    value: nothing('the server’s own secrets and states (keys that sign links and hash counters; whether e-mail is failing)'),
  },
  delivery_jobs: {
    id: nothing('the job’s number'),
    event_id: nothing('the notification’s id, the receivers’ key against repeats'),
    event_type: nothing('what the notification is about'),
    channel: nothing('e-mail or webhook'),
    payload: {
      personal: true,
      about: 'person',
      what: 'the notification as sent: a copy of the lead or sign-up it is about',
      purpose: 'notify',
      kept: { until: 'delivered', enforced: true },
      seenBy: ['firm', 'relay', 'webhook'],
    },
    status: nothing('pending, done or failed'),
    attempts: nothing('how many tries'),
    queued_at: nothing('when it was queued'),
    next_attempt_at: nothing('when it is tried next'),
    locked_until: nothing('while a server holds it'),
    claim_token: nothing('which server holds it'),
    last_error: nothing('why the last try failed, with any e-mail address masked'),
    created_at: nothing('when it was created'),
    delivered_at: nothing('when it was delivered'),
    source: {
      personal: true,
      about: 'network',
      what: 'the network a post came from (an IPv4 /24 or IPv6 /48), so that each network takes its turn',
      purpose: 'notify',
      kept: { until: 'delivered', enforced: true },
      seenBy: [],
    },
  },
  voice_session_counts: {
    day: nothing('a day of the demo'),
    count: nothing('how many demo sessions were handed out that day'),
  },
  voice_calls: {
    call_id: {
      personal: true,
      about: 'person',
      what: 'Vapi’s id of a demo call, with which its record can be fetched at Vapi',
      purpose: 'figures',
      kept: { setting: 'STATS_RETENTION_DAYS', enforced: true },
      seenBy: ['firm', 'vapi'],
    },
    locale: nothing('the call’s language'),
    started_at: nothing('when the call started'),
    ended_at: nothing('when it ended'),
    duration_seconds: nothing('its length'),
    ended_reason: nothing('why it ended'),
    cost: nothing('what Vapi billed for it'),
    settled_by: nothing('where its length came from'),
  },
  voice_holds: {
    id: nothing('a random session id, which places one call'),
    day: nothing('the demo’s day'),
    network: {
      personal: true,
      about: 'network',
      what: 'the network a demo session went to (an IPv4 /24 or IPv6 /48), so that no network takes more than its share of the day',
      purpose: 'demo',
      kept: { until: 'day-end', enforced: true },
      seenBy: [],
    },
    expires_at: nothing('when an unused session holds nothing more'),
    call_id: {
      personal: true,
      about: 'person',
      what: 'Vapi’s id of the call the session placed',
      purpose: 'demo',
      kept: { until: 'day-end', enforced: true },
      seenBy: ['vapi'],
    },
    locale: nothing('the call’s language'),
    used_at: nothing('when the session placed its call'),
    placed_at: nothing('when Vapi answered with the call'),
    control_url: {
      personal: true,
      about: 'person',
      what: 'the address at Vapi that ends the call (never sent to the browser)',
      purpose: 'demo',
      kept: { until: 'call-settled', enforced: true },
      seenBy: ['vapi'],
    },
    ended_at: nothing('when the server ended a call nobody joined'),
  },
  spent_proofs: {
    signature: nothing('a used proof-of-work challenge’s signature, so that it is used once'),
    expires_at: nothing('when the challenge expires'),
  },
  rate_counters: {
    key: {
      personal: true,
      about: 'network',
      what: 'what a count is of: a keyed hash of a client’s address (IPv4, or IPv6 /64), a network (IPv4 /24, IPv6 /48) in clear, or a figure that names no one',
      purpose: 'abuse',
      kept: { until: 'window-end', enforced: true },
      seenBy: [],
    },
    count: nothing('the count'),
    expires_at: nothing('when the count’s window ends'),
  },
  site_stats: {
    day: nothing('a day'),
    event: nothing('what was counted (a page view, a form started, …)'),
    locale: nothing('the page’s language'),
    device: nothing('phone or computer'),
    referrer: nothing('the kind of site the visit came from, never its address'),
    campaign: nothing('the campaign named in the link followed'),
    count: nothing('the count'),
  },
};

/**
 * The migrator's own tables (kysely's), which record which migrations ran: nothing about anyone.
 * Declared apart because ./tables.ts does not describe them.
 */
export const MIGRATOR_TABLES = {
  kysely_migration: ['name', 'timestamp'],
  kysely_migration_lock: ['id', 'is_locked'],
} as const;
