import { createTransport } from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_LIMITS } from '../../contracts/contact';
import { DIGEST_WEEK_SETTING } from '../store';
import { ENGINES, type EngineName, storageQuery } from '../../../test/storage';
import { WAIT, notifiedApp } from '../../../test/notified-app';
import type { ReceivedEmail } from '../../../test/receivers';
import { runStats } from '../../../scripts/stats';
import { startOfDay } from '../core/calendar';
import { DIGEST_LEADS_SHOWN, DIGEST_MAX_BYTES, shortened } from './digest';
import { DAY_MS } from '../core/time';
import { MONDAY_MORNING, WEEK, ZONE, digests } from './digest-fixtures';

/** A week of more leads than one e-mail can list: the digest stays under the relay's size limit. */

/**
 * The message's size as the relay counts it: the received parts and headers encoded again by the
 * library the server sends with (the receiver keeps the parsed message, not its bytes).
 */
async function wireSize({ envelope, message }: ReceivedEmail): Promise<number> {
  const sent = await createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: envelope.from,
    to: envelope.to,
    subject: message.subject ?? '',
    text: message.text ?? '',
    html: message.html ?? '',
    messageId: message.messageId,
    headers: Object.fromEntries(message.headers.filter(({ key }) => key.startsWith('x-') || key === 'auto-submitted').map(({ key, value }) => [key, value])),
  });
  return (sent.message as Buffer).length;
}

/** A lead as long as the form takes, of characters that grow most once escaped and encoded (& < É 東). */
const floodName = (index: number) => `Lead ${String(index).padStart(4, '0')} ${'É&<東'.repeat(40)}`.slice(0, CONTACT_LIMITS.name);
const FLOOD_COMPANY = 'Ü&"東'.repeat(40).slice(0, CONTACT_LIMITS.company);
const FLOOD_MESSAGE = 'é<東&'.repeat(1250).slice(0, CONTACT_LIMITS.message);
const FLOOD_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const FLOOD_LEADS = 3_000;

/** `count` leads (an even number) spread over WEEK, oldest first, written in a few statements (not one request each). */
async function floodWeek(env: Record<string, string>, count: number) {
  const weekStart = startOfDay(WEEK.from, ZONE).getTime();
  const step = Math.floor((7 * DAY_MS) / count);
  for (let first = 0; first < count; first += 300) {
    const indexes = Array.from({ length: Math.min(300, count - first) }, (_, offset) => first + offset);
    await storageQuery(
      env,
      `insert into contact_submissions (name, email, phone, company, message, locale, page, created_at, source) values ${indexes.map(() => "(?, ?, '+1 514-555-0100 poste 123456', ?, ?, 'fr', '/fr/', ?, ?)").join(', ')}`,
      indexes.flatMap((index) => [
        floodName(index),
        FLOOD_EMAIL,
        FLOOD_COMPANY,
        FLOOD_MESSAGE,
        new Date(weekStart + index * step).toISOString(),
        index % 2 ? 'voice' : 'form',
      ]),
    );
  }
  // Counted as the store counts a lead it writes (its language only).
  for (const event of ['form_sent', 'voice_lead']) {
    await storageQuery(env, "insert into site_stats (day, event, locale, device, referrer, campaign, count) values (?, ?, 'fr', '', '', '', ?)", [
      WEEK.from,
      event,
      count / 2,
    ]);
  }
}

describe.each(ENGINES)('a week of 3,000 leads on %s', (engine: EngineName) => {
  const h = notifiedApp(engine);

  it(`the digest lists the first ${DIGEST_LEADS_SHOWN}, says how many more and the command that lists them all, and stays under 200 KB, in French and English`, async () => {
    for (const table of ['contact_submissions', 'site_stats']) await storageQuery(h.storage.env, `delete from ${table}`);
    await floodWeek(h.storage.env, FLOOD_LEADS);
    const more = FLOOD_LEADS - DIGEST_LEADS_SHOWN;
    for (const [locale, moreLine] of [
      ['fr', /^Et 2\s950 de plus\s: atelier-ia stats --week 2026-W47 sur le serveur les liste toutes\.$/m],
      ['en', /^And 2,950 more: atelier-ia stats --week 2026-W47 on the server lists them all\.$/m],
    ] as const) {
      // The week before was sent: this one is due.
      await h.inspect.saveSetting(DIGEST_WEEK_SETTING, '2026-11-09');
      h.smtp.messages.length = 0;
      await h.start({ FIRM_LOCALE: locale }, { digest: { firstCheckMs: 0, checkEveryMs: 50, now: () => MONDAY_MORNING } });
      await vi.waitFor(() => expect(digests(h.smtp.messages)).toHaveLength(1), WAIT);
      await h.stop();
      const received = digests(h.smtp.messages)[0]!;
      expect(await wireSize(received)).toBeLessThan(DIGEST_MAX_BYTES);
      const { text = '', html = '' } = received.message;
      // The week's first leads, in the order they came, their names cut to a cell's width.
      const listed = text.match(/^Lead \d{4} /gm) ?? [];
      expect(listed).toHaveLength(DIGEST_LEADS_SHOWN);
      expect(listed.at(-1)).toBe(`Lead ${String(DIGEST_LEADS_SHOWN - 1).padStart(4, '0')} `);
      expect(html.match(/>Lead \d{4} /g)).toHaveLength(DIGEST_LEADS_SHOWN);
      expect(text).toContain(shortened(floodName(0)));
      expect(text).not.toContain(floodName(0));
      expect(text).not.toContain(FLOOD_COMPANY);
      expect(text).toMatch(moreLine);
      expect(html.replace(/<[^>]+>/g, '\n')).toMatch(moreLine);
      // The figures still count every lead.
      expect(text).toMatch(
        locale === 'fr' ? /^Demandes reçues \(formulaire et agent vocal\)\s+3\s000\s/m : /^Leads received \(form and voice agent\)\s+3,000\s/m,
      );
      expect(more).toBe(2_950);
    }

    // The command the digest names lists every one of them.
    const out = { text: '', write: (chunk: string) => (out.text += chunk) };
    expect(await runStats(['--week', '2026-W47'], { ...h.storage.env, FIRM_LOCALE: 'en' }, out, { write: () => true })).toBe(0);
    expect(out.text.match(/^Lead \d{4} /gm)).toHaveLength(FLOOD_LEADS);
  });
});
