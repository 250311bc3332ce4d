import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runDeliveries } from '../../../scripts/deliveries';
import { freePort } from '../../../test/postgres';
import { NBSP, WAIT, notifiedApp } from '../../../test/notified-app';
import { acknowledgedIds } from '../../../test/receivers';
import { ENGINES, storageRows } from '../../../test/storage';
import type { LeadEvent } from '../../contracts/lead-event';
import type { DeliveryRecord } from '../store';
import { injectWithProof } from '../../../test/proof';

const contact = (message: string) => ({ name: 'Élodie Gagnon', email: 'elodie.gagnon@example.com', phone: '+1 418-555-0199', message });

describe.each(ENGINES)('lead notifications on %s', (engine) => {
  const h = notifiedApp(engine);

  const post = (url: string, payload: Record<string, unknown>, referer = 'http://localhost/fr/') =>
    injectWithProof(h.app, { url, payload, headers: { referer } });
  /** `npm run deliveries` with the server's storage settings. */
  const cli = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runDeliveries(args, { ...h.storage.env }, { write: (text: string) => (out += text) }, { write: (text: string) => (err += text) });
    return { code, out, err };
  };
  const outstanding = () => h.inspect.deliveries.list(['pending', 'failed']);
  const jobFor = async (channel: string): Promise<DeliveryRecord | undefined> => (await outstanding()).find((job) => job.channel === channel);

  it('e-mails the firm in French with every field and posts a signed webhook when a contact request is stored', async () => {
    await h.start();
    const marker = randomUUID();
    const message = `Bonjour,\nNous recevons 200 appels par jour.\n<script>alert(1)</script> ${marker}`;
    const response = await post('/api/contact', { ...contact(message), company: 'Boulangerie <Les Amis> & fils' });
    expect(response.statusCode).toBe(201);

    await expect.poll(() => h.smtp.messages.length, WAIT).toBe(1);
    await expect.poll(() => h.hook.receipts.length, WAIT).toBe(1);
    const receipt = h.hook.receipts[0]!;
    const event = receipt.body as LeadEvent;
    const stored = (await h.inspect.listContacts()).find((row) => row.message.includes(marker));

    // The webhook: signed (the standardwebhooks library verified it), the event as JSON, its id in the headers.
    expect(receipt.verified).toBe(true);
    expect(receipt.id).toBe(event.id);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'contact.created',
      createdAt: stored?.created_at,
      data: {
        submissionId: stored?.id,
        source: 'form',
        name: 'Élodie Gagnon',
        email: 'elodie.gagnon@example.com',
        phone: '+1 418-555-0199',
        company: 'Boulangerie <Les Amis> & fils',
        message,
        locale: 'fr',
        page: '/fr/',
        // Only a lead the voice agent took has a call: null for a form's.
        callId: null,
        preferredTime: null,
      },
    });

    // The e-mail: to the firm, answerable with Reply, every field, in French, HTML escaped.
    const { envelope, message: mail } = h.smtp.messages[0]!;
    expect(envelope).toEqual({ from: 'site@atelier.example', to: ['leads@atelier.example'] });
    expect(mail.from).toMatchObject({ name: 'Site Atelier IA', address: 'site@atelier.example' });
    expect(mail.replyTo).toEqual([{ name: 'Élodie Gagnon', address: 'elodie.gagnon@example.com' }]);
    expect(mail.subject).toBe(`Nouvelle demande de contact${NBSP}: Élodie Gagnon`);
    expect(mail.messageId).toBe(`<${event.id}@atelier.example>`);
    for (const line of [
      `Nom${NBSP}: Élodie Gagnon`,
      // Shown inert, as everything a visitor typed: the Reply-To above has it whole.
      `Courriel${NBSP}: elodie[.]gagnon@example[.]com`,
      `Téléphone${NBSP}: +1 418-555-0199`,
      `Entreprise${NBSP}: Boulangerie <Les Amis> & fils`,
      `Page${NBSP}: /fr/`,
      `Langue de la page${NBSP}: français`,
      `Référence${NBSP}: ${event.id}`,
      message,
      'Répondez à ce courriel pour écrire directement à Élodie Gagnon.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(new RegExp(`Reçue le${NBSP}: .*${new Date(event.createdAt).getFullYear()}`));
    expect(mail.html).toContain('<html lang="fr-CA">');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Boulangerie &lt;Les Amis&gt; &amp; fils');
    expect(mail.html).not.toContain('<script>');

    await expect.poll(outstanding, WAIT).toEqual([]);
  });

  it('writes in English when FIRM_LOCALE=en, and notifies newsletter sign-ups when NOTIFY_NEWSLETTER is set, once confirmed', async () => {
    await h.start({ FIRM_LOCALE: 'en', NOTIFY_NEWSLETTER: 'true' });
    const email = `sam.lee+${randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/api/newsletter', { email }, 'http://localhost/')).statusCode).toBe(201);

    // With e-mail configured, the visitor is asked to confirm first (double opt-in); the firm hears nothing yet.
    await expect.poll(() => h.smtp.messages.length, WAIT).toBe(1);
    expect(h.smtp.messages[0]!.envelope.to).toEqual([email]);
    expect(h.hook.receipts).toEqual([]);
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(h.smtp.messages[0]!.message.text ?? '')![0]);
    const confirmed = await h.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(confirmed.statusCode).toBe(200);

    await expect.poll(() => h.smtp.messages.length, WAIT).toBe(2);
    await expect.poll(() => h.hook.receipts.length, WAIT).toBe(1);
    const mail = h.smtp.messages[1]!.message;
    expect(h.smtp.messages[1]!.envelope.to).toEqual(['leads@atelier.example']);
    // The address shown inert (its dots `[.]`), as everything a visitor typed; the Reply-To has it whole.
    const shown = email.replaceAll('.', '[.]');
    expect(mail.subject).toBe(`New newsletter sign-up: ${shown}`);
    expect(mail.replyTo).toEqual([{ name: '', address: email }]);
    for (const line of [`E-mail: ${shown}`, 'Page: /', 'Page language: English', 'Someone just signed up for the newsletter'])
      expect(mail.text).toContain(line);
    expect(h.hook.receipts[0]).toMatchObject({
      verified: true,
      body: { type: 'newsletter.subscribed', data: { subscriptionId: expect.any(Number), email, locale: 'en', page: '/' } },
    });
  });

  it('does not notify newsletter sign-ups unless asked to, and never sends a visitor’s confirmation to the webhook', async () => {
    await h.start();
    const reader = `quiet-${randomUUID()}@example.com`;
    expect((await post('/api/newsletter', { email: reader })).statusCode).toBe(201);
    expect((await post('/api/contact', contact(`after the sign-up ${randomUUID()}`))).statusCode).toBe(201);
    // Jobs are taken oldest first: once the contact request is through, a newsletter job would be too.
    await expect.poll(() => h.hook.receipts.length + h.smtp.messages.length, WAIT).toBe(3);
    await expect.poll(outstanding, WAIT).toEqual([]);
    expect(h.hook.receipts.map((receipt) => (receipt.body as LeadEvent).type)).toEqual(['contact.created']);
    // Both jobs may go out in one batch: in either order.
    expect(h.smtp.messages.map((received) => [received.envelope.to, received.message.subject]).sort()).toEqual(
      [
        [[reader], 'Confirmez votre abonnement à l’infolettre de Atelier IA'],
        [['leads@atelier.example'], `Nouvelle demande de contact${NBSP}: Élodie Gagnon`],
      ].sort(),
    );
  });

  it('answers the visitor at once while the webhook receiver is still thinking', async () => {
    await h.start({ DELIVERY_TIMEOUT: '30s', DELIVERY_LEASE: '60s' });
    h.hook.answer = () => 'hang';
    const started = Date.now();
    const response = await post('/api/contact', contact(`slow receiver ${randomUUID()}`));
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);

    // The delivery is under way after the visitor got the answer...
    await expect.poll(() => h.hook.held(), WAIT).toBe(1);
    const sending = await jobFor('webhook');
    expect(sending).toMatchObject({ status: 'pending', attempts: 1, lastError: null, lockedUntil: expect.any(String) });
    // ...and completes once the receiver answers.
    h.hook.release(200);
    await expect.poll(outstanding, WAIT).toEqual([]);
    expect([...acknowledgedIds(h.hook.receipts).values()]).toEqual([1]);
  });

  it('retries while the webhook receiver is down and delivers once, when it is back', async () => {
    await h.hook.close();
    const port = await freePort();
    await h.start({ WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/leads` });
    expect((await post('/api/contact', contact(`receiver down ${randomUUID()}`))).statusCode).toBe(201);

    // Failing attempts are recorded and logged with their reason; the e-mail goes out regardless.
    await expect.poll(async () => (await jobFor('webhook'))?.attempts ?? 0, WAIT).toBeGreaterThanOrEqual(3);
    expect((await jobFor('webhook'))?.lastError).toMatch(/ECONNREFUSED/);
    const retryLine = h.logs.lines().find((line) => line.msg === 'lead notification failed; it will be retried');
    expect(retryLine).toMatchObject({ level: 40, channel: 'webhook', event: 'contact.created', reason: expect.stringMatching(/ECONNREFUSED/) });
    await expect.poll(() => h.smtp.messages.length, WAIT).toBe(1);

    await h.hookOn(port);
    await expect.poll(outstanding, WAIT).toEqual([]);
    const receipts = h.hook.receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ verified: true, status: 204, id: (receipts[0]!.body as LeadEvent).id });
  });

  it('keeps the e-mail queued, with the reason, while the SMTP server refuses the login, and sends it once fixed', async () => {
    await h.start({ SMTP_URL: h.smtp.url.replace('s3cret', 'wrong') });
    expect((await post('/api/contact', contact(`bad smtp password ${randomUUID()}`))).statusCode).toBe(201);
    await expect.poll(async () => (await jobFor('email'))?.attempts ?? 0, WAIT).toBeGreaterThanOrEqual(2);
    expect((await jobFor('email'))?.lastError).toMatch(/EAUTH.*535/);
    expect(h.smtp.messages).toEqual([]);
    // The webhook is a separate job and went out, and it told the firm that e-mail is failing.
    const types = () => h.hook.receipts.filter((receipt) => receipt.status === 204).map((receipt) => (receipt.body as { type: string }).type);
    await expect.poll(() => types().toSorted(), WAIT).toEqual(['contact.created', 'notifications.email_failing']);

    // Fixed and restarted: the queued e-mail goes out, and nothing is sent to the webhook again.
    await h.stop();
    await h.start();
    await expect.poll(outstanding, WAIT).toEqual([]);
    expect(h.smtp.messages).toHaveLength(1);
    expect(h.hook.receipts).toHaveLength(2);
  });

  it('gives an interrupted delivery back when the server stops, so the next start sends it at once', async () => {
    await h.start({ DELIVERY_TIMEOUT: '30s', DELIVERY_LEASE: '10m' });
    h.hook.answer = () => 'hang';
    expect((await post('/api/contact', contact(`stopped mid-delivery ${randomUUID()}`))).statusCode).toBe(201);
    await expect.poll(() => h.hook.held(), WAIT).toBe(1);
    await h.stop();
    expect(await jobFor('webhook')).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(h.logs.lines().map((line) => line.msg)).toContain('lead notification interrupted by shutdown; it will be sent again');

    // Without the release, the job would wait out its 10-minute lease.
    h.hook.answer = () => 204;
    await h.start();
    await expect.poll(outstanding, WAIT).toEqual([]);
    expect([...acknowledgedIds(h.hook.receipts).values()]).toEqual([1]);
  });

  it('gives up after DELIVERY_MAX_ATTEMPTS, logs why, and `npm run deliveries -- --retry` sends it again', async () => {
    await h.start({ DELIVERY_MAX_ATTEMPTS: '2' });
    h.hook.answer = () => 503;
    expect((await post('/api/contact', contact(`rejected ${randomUUID()}`))).statusCode).toBe(201);

    await expect.poll(async () => (await jobFor('webhook'))?.status, WAIT).toBe('failed');
    const failed = (await jobFor('webhook'))!;
    // The network the lead came from goes with the job: kept while it waits its turn, not once it is
    // given up (nor once delivered: the e-mail's job).
    const sources = () =>
      storageRows<{ channel: string; status: string; source: string | null }>(
        h.storage.env,
        'select channel, status, source from delivery_jobs where event_id = (select event_id from delivery_jobs where id = ?) order by channel',
        [failed.id],
      );
    await expect.poll(sources, WAIT).toEqual([
      { channel: 'email', status: 'done', source: null },
      { channel: 'webhook', status: 'failed', source: null },
    ]);
    expect(failed).toMatchObject({ attempts: 2, lastError: 'HTTP 503 Service Unavailable' });
    expect(h.logs.lines().filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('failed for good'), jobId: failed.id, reason: 'HTTP 503 Service Unavailable' }),
    ]);

    const listing = await cli([]);
    expect(listing.code).toBe(0);
    expect(listing.out).toMatch(new RegExp(`^${failed.id}\\s+failed\\s+webhook\\s+contact\\.created \\w{8}\\s+2\\s+-\\s+HTTP 503 Service Unavailable$`, 'm'));

    h.hook.answer = () => 204;
    expect(await cli(['--retry', 'all-failed'])).toMatchObject({ code: 0, out: expect.stringContaining('Re-queued 1 job(s)') });
    await expect.poll(outstanding, WAIT).toEqual([]);
    expect(h.hook.receipts.map((receipt) => receipt.status)).toEqual([503, 503, 204]);
    expect(new Set(h.hook.receipts.map((receipt) => receipt.id)).size).toBe(1);
    expect(await cli([])).toMatchObject({ code: 0, out: 'No pending or failed deliveries.\n' });
  });
});
