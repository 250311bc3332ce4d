/**
 * What the digest's tests (digest-*.test.ts) share: the firm's time zone, the week their digests
 * report and the morning that week's digest is due, and which e-mails received are digests.
 */
export const ZONE = 'America/Toronto';
/** The week the digests report: Monday 16 to Sunday 22 November 2026. */
export const WEEK = { from: '2026-11-16', to: '2026-11-22' };
/** Monday 23 November 2026, 08:00 in Toronto: the digest of WEEK is due. */
export const MONDAY_MORNING = new Date('2026-11-23T13:00:00Z');

/** The digests the receiver got (a lead's notification is not one). */
export const digests = <Received extends { message: { subject?: string } }>(received: readonly Received[]): Received[] =>
  received.filter((m) => /chiffres du site|site's figures/.test(m.message.subject ?? ''));
