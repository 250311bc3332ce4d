import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../../scripts/export';
import { freePort } from '../../../test/postgres';
import { ENGINES, type TestStorage, captureLogs, freshStorage, storageQuery, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/receivers';
import { CONFIRMATION_EMAILS, CONFIRMATION_RESEND_MS, PENDING_SUBSCRIPTION_DAYS, type Store, createStore } from '../store';
import { postWithProof } from '../../../test/proof';
import { NEWSLETTER_CONSENT_VERSION } from '../../contracts/newsletter';
import { DAY_MS, MINUTE_MS } from '../core/time';

const WAIT = { timeout: 20_000, interval: 50 };
/** The button of the page a link opens. */
const press = (link: string) => fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'confirm=1' });

/**
 * Double opt-in, as a visitor and the firm live it, over real HTTP and a real SMTP server: with
 * e-mail configured, a sign-up only asks the address to confirm; following the link is what
 * subscribes it, with its proof; only then does the firm hear of it and the export list it.
 */
describe.each(ENGINES)('newsletter double opt-in on %s', (engine) => {
  let storage: TestStorage;
  let smtp: SmtpReceiver;
  let store: Store;
  let app: FastifyInstance;
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    smtp = await startSmtpReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...storage.env,
      SITE_URL: base,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'ventes@firm.example',
      MAIL_FROM: 'Atelier IA <site@firm.example>',
      NOTIFY_NEWSLETTER: 'true',
      DELIVERY_POLL: '100ms',
    };
    const config = testConfig(env);
    store = await createStore(config);
    app = await buildApp({ config, store, logger: captureLogs().logger });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await smtp?.close();
    await storage?.dispose();
  });

  const signUp = (email: string, page: string) => postWithProof(base, '/api/newsletter', { email }, { referer: `${base}${page}` });
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  async function exported() {
    let json = '';
    expect(await runExport(['newsletter', '--format', 'json'], env, { write: (text: string) => (json += text) }, { write: () => 0 })).toBe(0);
    return JSON.parse(json) as Array<Record<string, unknown>>;
  }

  it('signs up → e-mail in the visitor’s language → only the confirmed click subscribes, with proof, and only then the export and the firm see it', async () => {
    const signedUp = await signUp('Camille@Example.com', '/fr/');
    expect(signedUp.status).toBe(201);
    expect(await signedUp.json()).toEqual({ ok: true, confirmation: 'email' });
    await expect.poll(() => mailsTo('Camille@Example.com').length, WAIT).toBe(1);
    const [mail] = mailsTo('Camille@Example.com');
    expect(mail!.message.subject).toBe('Confirmez votre abonnement à l’infolettre de Atelier IA');
    expect(mail!.message.text).toContain('Une personne, vous sans doute, a demandé');
    const link = /https?:\/\/\S+\/newsletter\/confirm\?s=\d+&n=[\w-]{22}&t=[\w-]{43}/.exec(mail!.message.text ?? '')?.[0];
    expect(link).toBeDefined();

    // Not a subscriber yet: not in the export, the firm not told, and signing up again is no "already subscribed".
    expect(await exported()).toEqual([]);
    expect(mailsTo('ventes@firm.example')).toEqual([]);
    const again = await signUp('camille@example.com', '/fr/');
    expect(again.status).toBe(201);
    // Opening the link (as a mail scanner would) changes nothing.
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Confirmer mon abonnement');
    expect(await exported()).toEqual([]);

    const confirmed = await press(link!);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Votre abonnement est confirmé');
    const [row] = await exported();
    expect(row).toMatchObject({
      email: 'camille@example.com',
      consent_form: 'footer-newsletter',
      consent_locale: 'fr',
      consent_version: NEWSLETTER_CONSENT_VERSION,
      consent_method: 'email_link',
      unsubscribed_at: null,
    });
    expect(Date.parse(String(row!.consent_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.consentLog(Number(row!.id))).toEqual([
      expect.objectContaining({ action: 'subscribed', method: 'email_link', locale: 'fr', page: '/fr/' }),
    ]);
    // Now the firm hears of it, once.
    await expect.poll(() => mailsTo('ventes@firm.example').length, WAIT).toBe(1);

    // Clicking again is harmless; signing up again is now "already subscribed".
    expect(await (await press(link!)).text()).toContain('Votre abonnement était déjà confirmé');
    expect((await signUp('CAMILLE@example.com', '/')).status).toBe(409);
    // One confirmation e-mail in all: the second sign-up, minutes after the first, sent none.
    expect(mailsTo('camille@example.com')).toHaveLength(1);
  });

  it('asks again after an unsubscribe, in the language of the new page; a forged or swapped link confirms nothing', async () => {
    const signedUp = await signUp('robin@example.com', '/');
    expect(signedUp.status).toBe(201);
    await expect.poll(() => mailsTo('robin@example.com').length, WAIT).toBe(1);
    const mail = mailsTo('robin@example.com')[0]!;
    expect(mail.message.subject).toBe('Confirm your subscription to the Atelier IA newsletter');
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(mail.message.text ?? '')![0]);
    const token = link.searchParams.get('t')!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${base}/newsletter/confirm?s=${link.searchParams.get('s')}&t=${flipped}`,
      `${base}/newsletter/unsubscribe?s=${link.searchParams.get('s')}&t=${token}`,
    ]) {
      const response = await press(forged);
      expect(response.status).toBe(400);
    }
    expect((await exported()).map((row) => row.email)).not.toContain('robin@example.com');

    expect((await press(link.href)).status).toBe(200);
    const subscriber = (await exported()).find((row) => row.email === 'robin@example.com')!;
    const unsubscribed = await press(String(subscriber.unsubscribe_url));
    expect(await unsubscribed.text()).toContain('You are unsubscribed');

    // Signing up again after withdrawing is a new request for consent, not a subscription.
    expect((await signUp('robin@example.com', '/fr/')).status).toBe(201);
    await expect.poll(() => mailsTo('robin@example.com').length, WAIT).toBe(2);
    expect(mailsTo('robin@example.com')[1]!.message.subject).toBe('Confirmez votre abonnement à l’infolettre de Atelier IA');
    expect((await exported()).find((row) => row.email === 'robin@example.com')!.unsubscribed_at).not.toBeNull();
  });

  /** As if the latest confirmation e-mail to `email` had been queued `ms` ago. */
  const sentAgo = (email: string, ms: number) =>
    storageQuery(env, 'update newsletter_confirmations set email_queued_at = ? where email_normalized = ?', [new Date(Date.now() - ms).toISOString(), email]);
  const confirmLinks = (email: string) => mailsTo(email).map((mail) => /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(mail.message.text ?? '')![0]);

  it('a confirmation link works once: after confirm → unsubscribe → a stranger signs the address up again, the first link subscribes nothing', async () => {
    const email = 'dominique@example.com';
    expect((await signUp(email, '/fr/')).status).toBe(201);
    await expect.poll(() => mailsTo(email).length, WAIT).toBe(1);
    const [first] = confirmLinks(email);
    expect(await (await press(first!)).text()).toContain('Votre abonnement est confirmé');
    const subscriber = (await exported()).find((row) => row.email === email)!;
    expect((await press(String(subscriber.unsubscribe_url))).status).toBe(200);

    // A stranger signs the address up again, ten minutes later: a new e-mail, with a new link.
    await sentAgo(email, CONFIRMATION_RESEND_MS + 1_000);
    expect((await signUp(email, '/')).status).toBe(201);
    await expect.poll(() => mailsTo(email).length, WAIT).toBe(2);
    const second = confirmLinks(email)[1]!;
    expect(second).not.toBe(first);
    // The first link, byte for byte, no longer does anything: it says it has expired.
    for (const response of [await fetch(first!), await press(first!)]) {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Ce lien de confirmation a expiré');
    }
    expect((await exported()).find((row) => row.email === email)!.unsubscribed_at).not.toBeNull();
  });

  it('a confirmation link expires when its 7 days are up, whether or not the daily purge has run', async () => {
    const email = 'vieux.lien@example.com';
    expect((await signUp(email, '/')).status).toBe(201);
    await expect.poll(() => mailsTo(email).length, WAIT).toBe(1);
    const [link] = confirmLinks(email);
    await sentAgo(email, PENDING_SUBSCRIPTION_DAYS * DAY_MS - MINUTE_MS);
    expect(await (await fetch(link!)).text()).toContain('Confirm my subscription');
    // Eight days old: the pending request is still there (no purge ran), the link is not good any more.
    await sentAgo(email, 8 * DAY_MS);
    expect(await store.findConfirmation(Number(new URL(link!).searchParams.get('s')))).toBeDefined();
    for (const response of [await fetch(link!), await press(link!)]) expect(await response.text()).toContain('This confirmation link has expired');
    expect((await exported()).map((row) => row.email)).not.toContain(email);
  });

  it(`sends one address at most ${CONFIRMATION_EMAILS.max} confirmation e-mails in 30 days, however often it is signed up`, async () => {
    const victim = 'victime@example.com';
    for (let i = 0; i < CONFIRMATION_EMAILS.max + 3; i++) {
      const answer = await signUp(victim, '/');
      // The sender learns nothing: the same answer every time.
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 201, body: { ok: true, confirmation: 'email' } });
      // Past the 10-minute spacing each time, as a patient attacker would be.
      await sentAgo(victim, CONFIRMATION_RESEND_MS + 1_000);
    }
    await expect.poll(() => mailsTo(victim).length, WAIT).toBe(CONFIRMATION_EMAILS.max);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(victim)).toHaveLength(CONFIRMATION_EMAILS.max);
    // And the last e-mail's link does not work any more either: a sign-up past the limit closed it.
    expect(await (await fetch(confirmLinks(victim).at(-1)!)).text()).toContain('This confirmation link has expired');
  });

  it(`holds that limit per mailbox as providers deliver it: +tags and Gmail's dots are one mailbox`, async () => {
    // Every one of these reaches the same Gmail inbox.
    const variants = [
      'victim@gmail.com',
      'victim+1@gmail.com',
      'v.ictim@gmail.com',
      'V.I.C.T.I.M+news@googlemail.com',
      'vic.tim+2@gmail.com',
      'victim+3@GMAIL.com',
    ];
    for (const variant of variants) {
      expect((await signUp(variant, '/')).status).toBe(201);
    }
    const toVictim = () => smtp.messages.filter((mail) => mail.envelope.to.some((to) => variants.includes(to)));
    await expect.poll(() => toVictim().length, WAIT).toBe(CONFIRMATION_EMAILS.max);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toVictim()).toHaveLength(CONFIRMATION_EMAILS.max);
    // Dots and tags count only where the provider ignores them: these are three other people's mailboxes.
    for (const other of ['v.ictim@example.com', 'victim+1@example.com', 'victim@example.com']) {
      expect((await signUp(other, '/')).status).toBe(201);
      await expect.poll(() => mailsTo(other).length, WAIT).toBe(1);
    }
  });
});
