import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../contracts/lead-event';
import { NOTIFICATION_COPY } from './copy';
import { parse } from 'csv-parse/sync';
import { TOGETHER_MAX } from './send-together';
import { composeLeadEmail } from './lead-email';
import { composeTogetherEmail } from './together-email';

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
async function mailOf(event: FirmEvent) {
  const mail = await composeLeadEmail(event, NOTIFICATION_COPY.fr, 'America/Toronto');
  return { ...mail, all: `${mail.subject}\n${mail.text}\n${mail.html}` };
}

/**
 * What would be wrong with it for the firm: text a mail client makes a link of (with what is
 * around it), a link in the HTML, or `shown` (the field, inert) missing from one of `parts`.
 */
function problemsOf(mail: Awaited<ReturnType<typeof mailOf>>, shown: string, parts: Array<'subject' | 'text' | 'html'>): string[] {
  const live = LIVE.exec(mail.all);
  return [
    ...(live ? [`a live link: …${mail.all.slice(Math.max(0, live.index - 30), live.index + 30)}…`] : []),
    ...(/<a\b/i.test(mail.html) ? ['an <a> in the HTML'] : []),
    ...parts.filter((part) => !mail[part].includes(shown)).map((part) => `${part} without ${shown}`),
  ];
}

describe('a link typed into any field of a lead is text in the firm’s e-mail, never a link', () => {
  it.each(LINKS)('the name (%s): subject, fields, hint of a form lead, a voice lead and its call report', async (link) => {
    const name = `Marie ${link}`;
    for (const event of [form({ name }), voice({ name }), voice({ name, email: null }), report({ name })]) {
      expect(problemsOf(await mailOf(event), `Marie ${SHOWN[link]}`, ['subject', 'text', 'html'])).toEqual([]);
    }
    // Said again in the hint: "Répondez à ce courriel pour écrire directement à …", "… rappelez au …".
    for (const event of [form({ name }), voice({ name, email: null })])
      expect((await mailOf(event)).text.trimEnd().split('\n').at(-1)).toContain(`Marie ${SHOWN[link]}`);
  });

  it.each(LINKS)('the company (%s), of a form lead and a voice lead', async (link) => {
    for (const event of [form({ company: `Cie ${link}` }), voice({ company: `Cie ${link}` })])
      expect(problemsOf(await mailOf(event), `Cie ${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });

  it.each(LINKS)('the phone (%s), in the fields and in the hint to call back a caller who gave no address', async (link) => {
    for (const event of [form({ phone: link }), voice({ phone: link }), voice({ phone: link, email: null })]) {
      expect(problemsOf(await mailOf(event), SHOWN[link]!, ['text', 'html'])).toEqual([]);
    }
    expect((await mailOf(voice({ phone: link, email: null }))).text).toContain(`rappelez au ${SHOWN[link]}.`);
  });

  it.each(ADDRESSES)('the e-mail address (%s), of a form lead, a voice lead and a newsletter sign-up; the Reply-To keeps it whole', async (address) => {
    for (const event of [form({ email: address }), voice({ email: address })]) {
      const mail = await mailOf(event);
      expect(problemsOf(mail, SHOWN_ADDRESS[address]!, ['text', 'html'])).toEqual([]);
      expect(mail.replyTo?.address).toBe(address);
    }
    const mail = await mailOf(signUp(address));
    expect(problemsOf(mail, SHOWN_ADDRESS[address]!, ['subject', 'text', 'html'])).toEqual([]);
    expect(mail.replyTo).toEqual({ address });
  });

  it.each(LINKS)('the message of a form lead and the need of a voice lead (%s)', async (link) => {
    for (const event of [form({ message: `Voir ${link} svp` }), voice({ message: `Voir ${link} svp` })]) {
      expect(problemsOf(await mailOf(event), `Voir ${SHOWN[link]} svp`, ['text', 'html'])).toEqual([]);
    }
  });

  it.each(LINKS)('the preferred time of a voice lead (%s)', async (link) => {
    expect(problemsOf(await mailOf(voice({ preferredTime: `mardi, ${link}` })), `mardi, ${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });

  it.each(LINKS)('the summary and the transcript of a call report (%s)', async (link) => {
    expect(problemsOf(await mailOf(report({ summary: `Vérifiez ${link}`, transcript: `User: ${link}` })), `Vérifiez ${SHOWN[link]}`, ['text', 'html'])).toEqual(
      [],
    );
    expect((await mailOf(report({ summary: 'Résumé.', transcript: `User: ${link}` }))).text).toContain(`> User: ${SHOWN[link]}`);
  });

  it.each(LINKS)('the page the visitor’s browser named (%s)', async (link) => {
    expect(problemsOf(await mailOf(form({ page: `/${link}` })), `/${SHOWN[link]}`, ['text', 'html'])).toEqual([]);
  });
});

/**
 * The minute's last e-mail, when more leads came than NOTIFICATIONS_PER_MINUTE allows: every lead
 * waiting, each with its details, inert like its own e-mail; past TOGETHER_SHOWN, all of them in
 * a CSV file; and a size a relay takes, whatever the leads hold.
 */
const many = (count: number, data: (i: number) => Partial<Extract<LeadEvent, { type: 'contact.created' }>['data']> = () => ({})) =>
  Array.from({ length: count }, (_, i) => ({
    ...form({ submissionId: i + 1, name: `Lead ${i + 1}`, email: `lead${i + 1}@example.com`, ...data(i) }),
    id: `evt-${i + 1}`,
  }));
const together = (events: FirmEvent[], locale: 'fr' | 'en' = 'fr') =>
  composeTogetherEmail(events as Parameters<typeof composeTogetherEmail>[0], NOTIFICATION_COPY[locale], 'America/Toronto', new Date(createdAt));
/** Every field this long, in characters of three bytes. */
const wide = (length: number) => '語'.repeat(length);
const csvRows = (content: string) => parse(content.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;

describe('leads e-mailed together', () => {
  it('a few: each in the body with its fields, a link in any of them inert, no file', async () => {
    const mail = await together([form({ name: 'Marie https://evil.example/x' }), voice({ company: 'www.evil.example' }), signUp('x@пример.рф')]);
    expect(mail.count).toBe(3);
    expect(mail.csv).toBeUndefined();
    expect(mail.subject).toBe('3\u00a0nouvelles demandes réunies dans un seul courriel');
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    expect(LIVE.exec(all)).toBeNull();
    for (const shown of ['Marie https[:]//evil[.]example/x', 'www[.]evil[.]example', 'x@xn--e1afmkfd[.]xn--p1ai', 'Cabinet Tremblay', '514 555-0142'])
      expect({ shown, text: mail.text.includes(shown), html: mail.html.includes(shown) }).toEqual({ shown, text: true, html: true });
    expect(mail.text).toContain('1. Nouvelle demande de contact\u00a0: Marie https[:]//evil[.]example/x');
    expect(mail.text).toContain('3. Nouvelle inscription à l’infolettre\u00a0: x@xn--e1afmkfd[.]xn--p1ai');
  });

  it('many: the first ones in the body, every one in the CSV file with its values as given and formulas defused', async () => {
    const mail = await together(
      many(250, (i) => (i === 0 ? { phone: '+1 514 555 0100', company: '=HYPERLINK("http://evil.example")' } : {})),
      'en',
    );
    expect(mail.count).toBe(250);
    expect(mail.subject).toBe('250 new requests in one e-mail');
    expect(mail.text).toContain('The first 20 are below, and all 250 are in the attached CSV file.');
    expect(mail.text).toContain('20. New contact request: Lead 20');
    expect(mail.text).not.toContain('Lead 21');
    expect(mail.csv!.filename).toBe('requests-2026-11-24-10-30.csv');
    const rows = csvRows(mail.csv!.content);
    expect(rows).toHaveLength(250);
    expect(rows.map((row) => row.Reference)).toEqual(Array.from({ length: 250 }, (_, i) => `evt-${i + 1}`));
    expect(rows[0]).toMatchObject({
      Request: 'New contact request: Lead 1',
      Name: 'Lead 1',
      'E-mail': 'lead1@example.com',
      Phone: "'+1 514 555 0100",
      Company: '\'=HYPERLINK("http://evil.example")',
      Message: 'Bonjour, un agent vocal pour notre accueil.',
    });
    expect(rows[0]!['Other details']).toContain('Page: /fr/');
  });

  it('whatever the leads hold, under 800 KB: the longest texts cut, and as many leads as the file can hold, the others left for the next', async () => {
    // Every field at its longest, in characters of three bytes: what an attacker would send.
    const longest = many(TOGETHER_MAX, () => ({
      name: wide(120),
      company: wide(160),
      phone: '5'.repeat(32),
      email: `${'x'.repeat(240)}@e.example`,
      message: wide(5000),
      page: `/${wide(200)}`,
    }));
    const mail = await together(longest);
    const size = Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html) + Math.ceil((Buffer.byteLength(mail.csv!.content) * 4) / 3);
    expect(size).toBeLessThan(800_000);
    expect(mail.count).toBeGreaterThan(50);
    expect(mail.count).toBeLessThan(TOGETHER_MAX);
    expect(csvRows(mail.csv!.content)).toHaveLength(mail.count);
    expect(mail.text).toContain('(texte abrégé ici, complet dans l’export)');
    console.info(
      `${mail.count} leads of the longest kind in ${Math.round(size / 1000)} KB; ${TOGETHER_MAX} ordinary ones:`,
      (await together(many(TOGETHER_MAX))).count,
    );
    // Ordinary leads: all of them.
    expect((await together(many(TOGETHER_MAX))).count).toBe(TOGETHER_MAX);
  });
});
