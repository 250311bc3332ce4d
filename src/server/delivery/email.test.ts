import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../contracts/lead-event';
import { NOTIFICATION_COPY } from './copy';
import { composeLeadEmail } from './email';

/**
 * Whatever a visitor or a caller typed or said, in whichever field, reaches the firm's e-mail as
 * text it can read but never click: in the subject, both parts and the hint. Each field on its own
 * here (the phone too: a stored lead or a future rule could let a link through); the whole walk,
 * through the real SMTP receiver, is ./firm-email.test.ts.
 */

type FirmEvent = Parameters<typeof composeLeadEmail>[0];

/** What a mail client would make a link of: a scheme, `www.`, a dotted host name (in any script). */
const LIVE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|evil\.example|mailto:|пример\.рф|xn--[a-z0-9-]+\.[a-z]/i;
const LINKS = ['https://evil.example/x', 'www.evil.example', 'пример.рф/x'];
/** How each shows, inert: what the firm reads instead. */
const SHOWN: Record<string, string> = {
  'https://evil.example/x': 'https[:]//evil[.]example/x',
  'www.evil.example': 'www[.]evil[.]example',
  'пример.рф/x': 'xn--e1afmkfd[.]xn--p1ai/x',
};
const ADDRESSES = ['billing@evil.example', 'x@www.evil.example', 'x@пример.рф'];
const SHOWN_ADDRESS: Record<string, string> = {
  'billing@evil.example': 'billing@evil[.]example',
  'x@www.evil.example': 'x@www[.]evil[.]example',
  'x@пример.рф': 'x@xn--e1afmkfd[.]xn--p1ai',
};

const createdAt = '2026-11-24T15:30:00.000Z';
const form = (data: Partial<Extract<LeadEvent, { type: 'contact.created' }>['data']> = {}): FirmEvent => ({
  id: 'evt-form',
  type: 'contact.created',
  createdAt,
  data: {
    submissionId: 7,
    source: 'form',
    name: 'Marie Tremblay',
    phone: '514 555-0142',
    email: 'marie@example.com',
    company: 'Cabinet Tremblay',
    message: 'Bonjour, un agent vocal pour notre accueil.',
    locale: 'fr',
    page: '/fr/',
    ...data,
  },
});
const voice = (data: Partial<Extract<LeadEvent, { type: 'contact.created' }>['data']> = {}): FirmEvent =>
  form({ source: 'voice', page: null, callId: 'call-1', preferredTime: 'mardi matin', ...data });
const report = (data: Partial<Extract<LeadEvent, { type: 'contact.call_report' }>['data']> = {}): FirmEvent => ({
  id: 'evt-report',
  type: 'contact.call_report',
  createdAt,
  data: { submissionId: 7, callId: 'call-1', name: 'Marie Tremblay', locale: 'fr', summary: 'Marie veut un rappel.', transcript: null, ...data },
});
const signUp = (email: string): FirmEvent => ({
  id: 'evt-news',
  type: 'newsletter.subscribed',
  createdAt,
  data: { subscriptionId: 3, email, locale: 'fr', page: '/fr/' },
});

/** The firm's e-mail about `event`, in French, as one text: subject, plain-text part, HTML part. */
function mailOf(event: FirmEvent) {
  const mail = composeLeadEmail(event, NOTIFICATION_COPY.fr, 'America/Toronto');
  return { ...mail, all: `${mail.subject}\n${mail.text}\n${mail.html}` };
}

/**
 * What would be wrong with it for the firm: text a mail client makes a link of (with what is
 * around it), a link in the HTML, or `shown` (the field, inert) missing from one of `parts`.
 */
function problemsOf(mail: ReturnType<typeof mailOf>, shown: string, parts: Array<'subject' | 'text' | 'html'>): string[] {
  const live = LIVE.exec(mail.all);
  return [
    ...(live ? [`a live link: …${mail.all.slice(Math.max(0, live.index - 30), live.index + 30)}…`] : []),
    ...(/<a\b/i.test(mail.html) ? ['an <a> in the HTML'] : []),
    ...parts.filter((part) => !mail[part].includes(shown)).map((part) => `${part} without ${shown}`),
  ];
}

describe('a link typed into any field of a lead is text in the firm’s e-mail, never a link', () => {
  it.each(LINKS)('the name (%s): subject, fields, hint of a form lead, a voice lead and its call report', (link) => {
    const name = `Marie ${link}`;
    for (const event of [form({ name }), voice({ name }), voice({ name, email: null }), report({ name })]) {
      expect(problemsOf(mailOf(event), `Marie ${SHOWN[link]}`, ['subject', 'text', 'html'])).toEqual([]);
    }
    // Said again in the hint: "Répondez à ce courriel pour écrire directement à …", "… rappelez au …".
    for (const event of [form({ name }), voice({ name, email: null })])
      expect(mailOf(event).text.trimEnd().split('\n').at(-1)).toContain(`Marie ${SHOWN[link]}`);
  });

  it.each(LINKS)('the company (%s), of a form lead and a voice lead', (link) => {
    for (const event of [form({ company: `Cie ${link}` }), voice({ company: `Cie ${link}` })])
      expect(problemsOf(mailOf(event), `Cie ${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });

  it.each(LINKS)('the phone (%s), in the fields and in the hint to call back a caller who gave no address', (link) => {
    for (const event of [form({ phone: link }), voice({ phone: link }), voice({ phone: link, email: null })]) {
      expect(problemsOf(mailOf(event), SHOWN[link]!, ['text', 'html'])).toEqual([]);
    }
    expect(mailOf(voice({ phone: link, email: null })).text).toContain(`rappelez au ${SHOWN[link]}.`);
  });

  it.each(ADDRESSES)('the e-mail address (%s), of a form lead, a voice lead and a newsletter sign-up; the Reply-To keeps it whole', (address) => {
    for (const event of [form({ email: address }), voice({ email: address })]) {
      const mail = mailOf(event);
      expect(problemsOf(mail, SHOWN_ADDRESS[address]!, ['text', 'html'])).toEqual([]);
      expect(mail.replyTo?.address).toBe(address);
    }
    const mail = mailOf(signUp(address));
    expect(problemsOf(mail, SHOWN_ADDRESS[address]!, ['subject', 'text', 'html'])).toEqual([]);
    expect(mail.replyTo).toEqual({ address });
  });

  it.each(LINKS)('the message of a form lead and the need of a voice lead (%s)', (link) => {
    for (const event of [form({ message: `Voir ${link} svp` }), voice({ message: `Voir ${link} svp` })]) {
      expect(problemsOf(mailOf(event), `Voir ${SHOWN[link]} svp`, ['text', 'html'])).toEqual([]);
    }
  });

  it.each(LINKS)('the preferred time of a voice lead (%s)', (link) => {
    expect(problemsOf(mailOf(voice({ preferredTime: `mardi, ${link}` })), `mardi, ${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });

  it.each(LINKS)('the summary and the transcript of a call report (%s)', (link) => {
    expect(problemsOf(mailOf(report({ summary: `Vérifiez ${link}`, transcript: `User: ${link}` })), `Vérifiez ${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
    expect(mailOf(report({ summary: 'Résumé.', transcript: `User: ${link}` })).text).toContain(`> User: ${SHOWN[link]}`);
  });

  it.each(LINKS)('the page the visitor’s browser named (%s)', (link) => {
    expect(problemsOf(mailOf(form({ page: `/${link}` })), `/${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });
});
