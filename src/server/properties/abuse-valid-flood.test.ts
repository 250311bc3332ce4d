import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { proofFrom } from '../../../test/proof';
import { startInstances } from '../../../test/instances';
import { ENGINES, TEST_WEBHOOK_SECRET } from '../../../test/storage';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from '../../../test/receivers';
import { contact, post } from '../../../test/abuse';

/** Valid posts from many addresses, each within its limits: the visitor still gets through, and the firm is told of every lead. */

// Both engines at once: most of each test is waiting for a minute to start or for the next minute's
// e-mails, and those waits overlap.
describe.concurrent.each(ENGINES)('a sustained flood of valid posts on %s', (engine) => {
  it(
    'lets the visitor through every time; past NOTIFICATIONS_PER_MINUTE the minute’s last e-mail carries the waiting leads, and the webhook gets each',
    // Concurrent tests take `expect` and their hooks from their own context.
    async ({ expect, onTestFinished }) => {
      const hook: WebhookReceiver = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
      onTestFinished(() => hook.close());
      const smtp: SmtpReceiver = await startSmtpReceiver();
      onTestFinished(() => smtp.close());
      // Three rounds of six addresses and a visitor: 21 leads, more than the minute's e-mails.
      const cap = 5;
      // What a test sends then falls in one minute (or two, on a slow machine).
      const second = (Date.now() % 60_000) / 1000;
      if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const started = await startInstances(engine, {
        RATE_LIMIT_CONTACT: '5/600',
        NOTIFICATIONS_PER_MINUTE: String(cap),
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'leads@atelier.example',
        MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        DELIVERY_POLL: '200ms',
      });
      onTestFinished(started.close);
      const { servers } = started;
      const run = randomUUID();
      const firstMinute = Math.floor(Date.now() / 60_000);
      // Six addresses, each within its limit of 5, alternating between the instances, with valid
      // proofs; between their rounds, a real visitor sends the form.
      const visitorIds: number[] = [];
      for (let round = 0; round < 3; round++) {
        const bots = await Promise.all(
          Array.from({ length: 6 }, async (_, address) => {
            const { app } = servers[(round + address) % 2]!;
            const from = `203.0.113.${address + 1}`;
            return post(app, { ...contact(`${run}-bot-${address}`), altcha: await proofFrom(app, from) }, from);
          }),
        );
        expect(bots.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
        const { app, store } = servers[round % 2]!;
        const visitor = await post(app, { ...contact(`${run}-visitor-${round}`), altcha: await proofFrom(app, '192.0.2.7') }, '192.0.2.7');
        expect(visitor.statusCode).toBe(201);
        visitorIds.push((await store.listContacts()).at(-1)!.id);
      }
      const total = 3 * 7;
      const hooked = () =>
        new Set(
          hook.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { data: { submissionId: number } }).data.submissionId),
        );
      /** The events (leads) the e-mails carry, by the reference each shows (its event id, the webhook's too). */
      const mailed = () =>
        new Set(smtp.messages.flatMap((mail) => [...(mail.message.text ?? '').matchAll(/^(?:Référence|Reference)\s?: (\S+)$/gm)].map((match) => match[1])));
      const events = () => new Set(hook.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { id: string }).id));
      // The webhook: each lead on its own, at once (no cap holds it).
      await expect.poll(() => hooked().size, { timeout: 20_000, interval: 200 }).toBe(total);
      for (const id of visitorIds) expect(hooked()).toContain(id);
      // E-mail: every lead, in at most `cap` e-mails a minute, all instances together.
      await expect.poll(() => [...events()].filter((id) => !mailed().has(id)), { timeout: 2 * 60_000, interval: 500 }).toEqual([]);
      const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
      expect(smtp.messages.length).toBeLessThanOrEqual(cap * minutes);
      expect(smtp.messages.some((mail) => /new requests in one e-mail|nouvelles demandes réunies/.test(mail.message.subject ?? ''))).toBe(true);
      const warnings = servers.flatMap(({ logs }) => logs.lines().filter((line) => String(line.msg).startsWith('limit reached: NOTIFICATIONS_PER_MINUTE')));
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      const jobs = await servers[0]!.store.deliveries.list(['pending', 'failed']);
      expect(jobs).toEqual([]);
    },
    3 * 60_000,
  );
});
