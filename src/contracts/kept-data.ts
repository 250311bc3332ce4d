import { PENDING_SUBSCRIPTION_DAYS } from './newsletter';

/**
 * What the firm keeps, declared once: every column of every table of the server's database, and
 * for each one that holds something about a person, a device or a network (addresses and keys
 * derived from them, names, e-mails, phones, companies, messages, call ids, summaries,
 * transcripts, networks, page paths), the kind of data it is. Each kind says why it is kept, for
 * how long, and who sees it or where it goes. The privacy page's table is rendered from the kinds
 * (src/content/privacy/), docs/what-we-keep.md is generated from all of it (`npm run
 * docs:kept`), and the server checks it against its schema: src/server/core/database/kept-data.ts makes
 * every column of its tables required at compile time, and its test fails on both engines when the
 * database has a table or column not declared here, or this declares one it does not have.
 */

/** Who can see it, or where it goes besides the firm's own database, and where that is. */
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
  | 'demo'
  /** Kept by a processor in the firm's account by default, until the server has it deleted. */
  | 'processor';

/** The settings that set a number of days something is kept. */
export type RetentionSetting = 'SITE_RETENTION_DAYS' | 'STATS_RETENTION_DAYS' | 'VAPI_CALL_RETENTION_DAYS';

/** The events that end the keeping of something. */
export type RetentionEvent =
  /** the notification is delivered or given up */
  | 'delivered'
  /**
   * the notification is delivered; one given up keeps its copy for `npm run deliveries --retry`
   * until the daily purge deletes it with the leads of its age (SITE_RETENTION_DAYS)
   */
  | 'delivered-or-retention'
  /** the counting window of its key ends (minutes to a day) */
  | 'window-end'
  /** the demo's day (in the firm's time zone) is over */
  | 'day-end'
  /** the person unsubscribes: the address then stays, marked, with the proof of consent and of its withdrawal, until they ask for its erasure */
  | 'erasure';

/**
 * How long it is kept, at most: a number of days a setting names, a fixed number of days, or until
 * an event. `enforced`: what deletes or clears it when that time comes exists (a purge job of
 * src/server/retention.ts, or the code path that clears it); false while nothing does yet.
 */
export type Retention = ({ setting: RetentionSetting } | { days: number } | { until: RetentionEvent }) & { enforced: boolean };

/** A kind of data about someone: why it is kept, how long, who sees it. */
export type Kind = {
  /** About whom: a person (what they gave or said), their device, or their network. */
  about: 'person' | 'device' | 'network';
  purpose: Purpose;
  kept: Retention;
  /** Who sees it besides the database (the firm always, through the export or the notifications). */
  seenBy: readonly Recipient[];
};

export const KINDS = {
  /** A contact request's own fields, from the form or taken by the voice agent. */
  request: { about: 'person', purpose: 'answer', kept: { setting: 'SITE_RETENTION_DAYS', enforced: true }, seenBy: ['firm', 'relay', 'webhook'] },
  /** What is kept of the call a callback request was taken in: its ids at Vapi, its summary, its transcript if the firm keeps them. */
  callRecord: { about: 'person', purpose: 'answer', kept: { setting: 'SITE_RETENTION_DAYS', enforced: true }, seenBy: ['firm', 'relay', 'webhook', 'vapi'] },
  /** A newsletter subscriber's address and the proof of their consent (CASL). */
  subscription: { about: 'person', purpose: 'newsletter', kept: { until: 'erasure', enforced: true }, seenBy: ['firm', 'relay', 'webhook'] },
  /** A sign-up waiting for its address to be confirmed. */
  pendingSignup: { about: 'person', purpose: 'newsletter', kept: { days: PENDING_SUBSCRIPTION_DAYS, enforced: true }, seenBy: ['firm', 'relay'] },
  /** A notification to the firm while it is being delivered: a copy of the lead it is about. */
  notification: { about: 'person', purpose: 'notify', kept: { until: 'delivered-or-retention', enforced: true }, seenBy: ['firm', 'relay', 'webhook'] },
  /** The network a lead came from, so that each network takes its turn in the notifications. */
  sourceNetwork: { about: 'network', purpose: 'notify', kept: { until: 'delivered', enforced: true }, seenBy: [] },
  /**
   * A demo call's id at Vapi, for the firm's figures and bill: dropped once the call's record is
   * deleted at Vapi (VAPI_CALL_RETENTION_DAYS after the call, at the daily run; the next one for a
   * call of that same day), or with its row after STATS_RETENTION_DAYS if that comes first.
   */
  demoCall: { about: 'person', purpose: 'figures', kept: { setting: 'VAPI_CALL_RETENTION_DAYS', enforced: true }, seenBy: ['firm', 'vapi'] },
  /** The network a demo call was placed for, so that no network takes more than its share of the day. */
  demoNetwork: { about: 'network', purpose: 'demo', kept: { until: 'day-end', enforced: true }, seenBy: [] },
  /** What the server needs to end a demo call nobody joined: its id and its control address at Vapi. */
  demoPlacement: { about: 'person', purpose: 'demo', kept: { until: 'day-end', enforced: true }, seenBy: ['vapi'] },
  /** The counts behind the limits: per address (a keyed hash of it) and per network (in clear). */
  limitCounters: { about: 'network', purpose: 'abuse', kept: { until: 'window-end', enforced: true }, seenBy: [] },
  /** The record Vapi keeps of each demo call in the firm's account: transcript, summary, logs. */
  providerCallRecord: { about: 'person', purpose: 'processor', kept: { setting: 'VAPI_CALL_RETENTION_DAYS', enforced: true }, seenBy: ['firm', 'vapi'] },
} as const satisfies Record<string, Kind>;
export type KindId = keyof typeof KINDS;

/** What one column holds about someone (its kind), or that it holds nothing personal. */
export type ColumnDeclaration = { personal: false; what: string } | { personal: true; kind: KindId; what: string };

const nothing = (what: string): ColumnDeclaration => ({ personal: false, what });
const of = (kind: KindId, what: string): ColumnDeclaration => ({ personal: true, kind, what });

export const KEPT_DATA = {
  contact_submissions: {
    id: nothing('the request’s number'),
    name: of('request', 'the name given'),
    email: of('request', 'the e-mail address given'),
    phone: of('request', 'the phone number given'),
    company: of('request', 'the company given'),
    message: of('request', 'the message written, or the need the voice agent noted'),
    locale: of('request', 'the language of the page or of the call'),
    page: of('request', 'the path of the page the form was sent from'),
    status: nothing('the firm’s follow-up state'),
    created_at: of('request', 'when the request was received'),
    source: nothing('the contact form or the voice agent'),
    call_id: of('callRecord', 'Vapi’s id of the call the request was taken in, with which the call’s record can be fetched at Vapi'),
    tool_call_id: of('callRecord', 'Vapi’s id of the agent’s request within that call'),
    preferred_time: of('request', 'when the caller would like to be called back, as said'),
    call_summary: of('callRecord', 'the summary Vapi’s AI wrote of the call'),
    call_transcript: of('callRecord', 'the call’s transcript, only when the firm keeps them (VOICE_LEAD_TRANSCRIPT)'),
  },
  newsletter_subscriptions: {
    id: nothing('the subscription’s number'),
    email: of('subscription', 'the e-mail address, as typed'),
    email_normalized: of('subscription', 'the same address, lower-cased, so that it is subscribed once'),
    locale: of('subscription', 'the language of the page it was given on'),
    page: of('subscription', 'the path of that page'),
    created_at: of('subscription', 'when it was first given'),
    consent_at: of('subscription', 'when the current consent was given'),
    consent_form: nothing('which of the site’s forms collected it'),
    consent_locale: of('subscription', 'the language the consent was given in'),
    consent_version: nothing('the version of the consent wording shown'),
    consent_method: nothing('how consent was given: the form, or the link in a confirmation e-mail'),
    unsubscribed_at: of('subscription', 'when the person unsubscribed'),
  },
  newsletter_consent_log: {
    id: nothing('the entry’s number'),
    subscription_id: of('subscription', 'whose consent it records'),
    action: of('subscription', 'subscribed or unsubscribed'),
    at: of('subscription', 'when'),
    form: nothing('which form'),
    locale: of('subscription', 'the language of the page'),
    page: of('subscription', 'the path of the page'),
    consent_version: nothing('the version of the consent wording shown'),
    method: nothing('the form, or the link in a confirmation e-mail'),
  },
  newsletter_confirmations: {
    id: nothing('the request’s number'),
    email: of('pendingSignup', 'the e-mail address to confirm'),
    email_normalized: of('pendingSignup', 'the same address, lower-cased'),
    locale: of('pendingSignup', 'the language of the page'),
    page: of('pendingSignup', 'the path of the page'),
    form: nothing('which form'),
    consent_version: nothing('the version of the consent wording shown'),
    requested_at: of('pendingSignup', 'when it was asked for'),
    email_queued_at: of('pendingSignup', 'when its confirmation e-mail was sent'),
    confirmed_at: of('pendingSignup', 'when its link was followed'),
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
    payload: of('notification', 'the notification as sent: a copy of the lead or sign-up it is about'),
    status: nothing('pending, done or failed'),
    attempts: nothing('how many tries'),
    queued_at: nothing('when it was queued'),
    next_attempt_at: nothing('when it is tried next'),
    locked_until: nothing('while a server holds it'),
    claim_token: nothing('which server holds it'),
    last_error: nothing('why the last try failed, with any e-mail address masked'),
    created_at: nothing('when it was created'),
    delivered_at: nothing('when it was delivered'),
    source: of('sourceNetwork', 'the network a post came from (an IPv4 /24 or IPv6 /48), so that each network takes its turn'),
  },
  voice_session_counts: {
    day: nothing('a day of the demo'),
    count: nothing('how many demo sessions were handed out that day'),
  },
  voice_calls: {
    id: nothing('the call’s number here, which the figures keep once its id at Vapi is gone'),
    call_id: of('demoCall', 'Vapi’s id of a demo call, with which its record can be fetched at Vapi, until that record is deleted there'),
    locale: nothing('the call’s language'),
    started_at: nothing('when the call started'),
    ended_at: nothing('when it ended'),
    duration_seconds: nothing('its length'),
    ended_reason: nothing('why it ended'),
    cost: nothing('what Vapi billed for it'),
    settled_by: nothing('where its length came from'),
    vapi_deleted_at: nothing('when the call’s record was deleted at Vapi'),
    callback: nothing('whether the call ended in a callback request, once its id is gone'),
  },
  voice_holds: {
    id: nothing('a random session id, which places one call'),
    day: nothing('the demo’s day'),
    network: of('demoNetwork', 'the network a demo session went to (an IPv4 /24 or IPv6 /48), so that no network takes more than its share of the day'),
    expires_at: nothing('when an unused session holds nothing more'),
    call_id: of('demoPlacement', 'Vapi’s id of the call the session placed'),
    locale: nothing('the call’s language'),
    used_at: nothing('when the session placed its call'),
    placed_at: nothing('when Vapi answered with the call'),
    control_url: of('demoPlacement', 'the address at Vapi that ends the call (never sent to the browser)'),
    ended_at: nothing('when the server ended a call nobody joined'),
  },
  spent_proofs: {
    signature: nothing('a used proof-of-work challenge’s signature, so that it is used once'),
    expires_at: nothing('when the challenge expires'),
  },
  rate_counters: {
    key: of(
      'limitCounters',
      'what a count is of: a keyed hash of a client’s address (IPv4, or IPv6 /64), a network (IPv4 /24, IPv6 /48) in clear, or a figure that names no one',
    ),
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
} satisfies Record<string, Record<string, ColumnDeclaration>>;

/**
 * The migrator's own tables (kysely's), which record which migrations ran: nothing about anyone.
 * Declared apart because ./tables.ts does not describe them.
 */
export const MIGRATOR_TABLES = {
  kysely_migration: ['name', 'timestamp'],
  kysely_migration_lock: ['id', 'is_locked'],
} as const;

/** What the firm's accounts elsewhere keep of the site's visitors, outside its database. */
export const KEPT_ELSEWHERE: readonly { kind: KindId; what: string }[] = [
  { kind: 'providerCallRecord', what: 'each demo call’s record in the firm’s account at Vapi: transcript, summary, messages and logs' },
];

/** The kinds of data the firm keeps, in the order of the declaration: the rows of the privacy page's table. */
export function keptKinds(): KindId[] {
  const columns = Object.values(KEPT_DATA).flatMap((table) => Object.values(table) as ColumnDeclaration[]);
  const kinds = [...columns.flatMap((entry) => (entry.personal ? [entry.kind] : [])), ...KEPT_ELSEWHERE.map((entry) => entry.kind)];
  return [...new Set(kinds)];
}
