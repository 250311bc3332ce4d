import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runExport } from '../../scripts/export';
import { injectWithProof } from '../../test/proof';
import { ENGINES, TEST_WEBHOOK_SECRET, type TestStorage, captureLogs, freshStorage, storageQuery, testConfig } from '../../test/storage';
import { CALLER, endOfCallReport, toolCallsMessage } from '../../test/vapi-messages';
import { buildApp } from './app';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from '../../test/receivers';
import { runPurgeJobs } from './retention';
import { type ContactRecord, type LeadEvent, type Store, createStore } from './store';

/**
 * POST /api/voice/events through `inject`, on both engines: the callback requests the voice agent
 * takes during a call reach the firm like a form lead (stored once, e-mailed, posted to the
 * webhook), only Vapi can send them, and a bad detail is an answer the agent can say.
 */

const SECRET = 'vapi-server-secret-for-tests-0123456789abcdef';
const AUTH = { authorization: `Bearer ${SECRET}` };
const FAST = { DELIVERY_POLL: '100ms', DELIVERY_RETRY_BASE: '100ms', DELIVERY_RETRY_MAX: '400ms', DELIVERY_TIMEOUT: '5s', DELIVERY_LEASE: '30s' };
const WAIT = { timeout: 20_000, interval: 50 };
const NBSP = '\u00a0';
const newCall = () => `call-${randomUUID()}`;

describe.each(ENGINES)('callback requests from the voice agent on %s', (engine) => {
  let storage: TestStorage;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  /** Another store on the same database, to look at what was stored. */
  let inspect: Store;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    inspect = await createStore(testConfig(storage.env));
    smtp = await startSmtpReceiver();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await hook.close();
  });
  afterAll(async () => {
    await inspect.close();
    await smtp.close();
    await storage.dispose();
  });

  async function start(env: Record<string, string> = {}) {
    const config = testConfig({
      ...storage.env,
      VAPI_SERVER_SECRET: SECRET,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'leads@atelier.example',
      MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      ...FAST,
      ...env,
    });
    app = await buildApp({ config, logger: captureLogs().logger });
    return app;
  }
  const send = (payload: unknown, headers: Record<string, string> = AUTH, remoteAddress = '52.4.176.10') =>
    app!.inject({ method: 'POST', url: '/api/voice/events', payload: payload as object, headers, remoteAddress });
  const leadsOf = async (callId: string): Promise<ContactRecord[]> => (await inspect.listContacts()).filter((row) => row.call_id === callId);

  it('stores one lead per tool call and answers its toolCallId; the same message again stores nothing new', async () => {
    await start();
    const callId = newCall();
    const message = toolCallsMessage({ callId, calls: [{ id: 'call_tool_1', args: CALLER }] });
    const first = await send(message);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ results: [{ toolCallId: 'call_tool_1', result: expect.stringMatching(/^Enregistrée/) }] });
    const [lead, ...more] = await leadsOf(callId);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      source: 'voice',
      call_id: callId,
      name: CALLER.name,
      company: CALLER.company,
      phone: CALLER.phone,
      email: CALLER.email,
      message: CALLER.need,
      preferred_time: CALLER.preferredTime,
      locale: 'fr',
      page: null,
      status: 'new',
      call_summary: null,
    });

    // Vapi retries the same tool call: the same answer, nothing new stored, nothing sent twice.
    const again = await send(message);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await leadsOf(callId)).toHaveLength(1);
    await expect.poll(() => hook.receipts.length, WAIT).toBe(1);
    await expect.poll(() => smtp.messages.length, WAIT).toBe(1);
    await expect.poll(() => inspect.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
    expect(hook.receipts).toHaveLength(1);
  });

  it('takes one request per call: a second tool call answers that it is already noted, and stores nothing', async () => {
    await start();
    const callId = newCall();
    expect((await send(toolCallsMessage({ callId, calls: [{ id: 'call_a', args: CALLER }] }))).json().results[0].result).toMatch(/^Enregistrée/);
    const second = await send(toolCallsMessage({ callId, calls: [{ id: 'call_b', args: { ...CALLER, email: 'autre@clinique-cote.example' } }] }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ results: [{ toolCallId: 'call_b', result: expect.stringMatching(/^Déjà notée/) }] });
    expect((await leadsOf(callId)).map((row) => row.email)).toEqual([CALLER.email]);
  });

  it('reads the arguments wherever Vapi puts them: beside the name, as `parameters`, or as OpenAI JSON text', async () => {
    await start({ FIRM_LOCALE: 'en' });
    for (const shape of ['arguments', 'parameters', 'function'] as const) {
      const callId = newCall();
      const answer = await send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, language: 'en', name: `Sam ${shape}` }, shape }] }));
      expect(answer.statusCode, shape).toBe(200);
      expect(answer.json().results[0].result, shape).toMatch(/^Saved/);
      expect((await leadsOf(callId)).map((row) => [row.name, row.locale]), shape).toEqual([[`Sam ${shape}`, 'en']]);
    }
  });

  it('answers a bad detail with an error the agent can say, in the call language, on one line, and stores nothing', async () => {
    await start();
    const callId = newCall();
    const cases = [
      { args: { ...CALLER, email: 'genevieve@clinique' }, error: /^Non enregistrée.*l'adresse courriel semble incomplète ou erronée/ },
      { args: { ...CALLER, phone: '55' }, error: /le numéro de téléphone semble incomplet ou erroné/ },
      { args: { ...CALLER, phone: undefined, email: undefined }, error: /il manque un numéro de téléphone ou une adresse courriel/ },
      { args: { ...CALLER, name: '  ' }, error: /il manque le nom/ },
      { args: { ...CALLER, need: 'x'.repeat(5001) }, error: /le besoin de la personne dépasse la longueur permise/ },
      { args: { ...CALLER, name: 'Zoé\u0007' }, error: /le nom contient des caractères/ },
      { args: { ...CALLER, language: 'en', email: 'sam@' }, error: /^Not saved: the e-mail address seems incomplete or wrong\. Ask the caller/ },
    ];
    for (const { args, error } of cases) {
      const answer = await send(toolCallsMessage({ callId, calls: [{ id: 'call_bad', args }] }));
      expect(answer.statusCode).toBe(200);
      const [result] = answer.json().results;
      expect(result, JSON.stringify(args)).toEqual({ toolCallId: 'call_bad', error: expect.stringMatching(error) });
      expect(result.error).not.toMatch(/\n/);
    }
    // Unreadable arguments, an unknown tool: an error too, never an HTTP error.
    const odd = await send(toolCallsMessage({ callId, calls: [{ id: 'call_text', args: 'not json', shape: 'arguments' }, { id: 'call_other', name: 'transfer_call', args: {} }] }));
    expect(odd.json()).toEqual({
      results: [
        { toolCallId: 'call_text', error: expect.stringMatching(/^Not saved: the details could not be read/) },
        { toolCallId: 'call_other', error: 'This tool does not exist: do not call it.' },
      ],
    });
    expect(await leadsOf(callId)).toEqual([]);
    // Then the corrected request is taken.
    expect((await send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }))).json().results[0].result).toMatch(/^Enregistrée/);
    expect(await leadsOf(callId)).toHaveLength(1);
  });

  it('refuses a request without the secret, or with another, with 401, and stores nothing', async () => {
    await start();
    const callId = newCall();
    const message = toolCallsMessage({ callId, calls: [{ args: CALLER }] });
    const refused: Array<Record<string, string>> = [{}, { authorization: `Bearer ${SECRET.slice(0, -1)}x` }, { authorization: SECRET }, { authorization: `Basic ${SECRET}` }, { 'x-vapi-secret': SECRET }];
    for (const headers of refused) {
      const answer = await send(message, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
      expect(answer.json()).toEqual({ ok: false, error: 'unauthorized' });
    }
    // Not even an end-of-call report gets through.
    expect((await send(endOfCallReport({ callId, summary: 'forged' }), {})).statusCode).toBe(401);
    expect(await leadsOf(callId)).toEqual([]);
  });

  it('takes no request at all without VAPI_SERVER_SECRET (503 not_configured)', async () => {
    await start({ VAPI_SERVER_SECRET: '' });
    const answer = await send(toolCallsMessage({ callId: newCall(), calls: [{ args: CALLER }] }));
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ ok: false, error: 'not_configured' });
  });

  it('e-mails the firm (the subject says it came from a call) and posts a signed contact.created with source and call id', async () => {
    await start();
    const callId = newCall();
    expect((await send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }))).statusCode).toBe(200);
    // (An earlier test's lead may still be on its way: this call's are found by its id.)
    const mailOf = () => smtp.messages.find((received) => received.message.text?.includes(callId));
    const receiptOf = () => hook.receipts.find((received) => (received.body as LeadEvent).type === 'contact.created' && (received.body as { data: { callId?: string } }).data.callId === callId);
    await expect.poll(mailOf, WAIT).toBeTruthy();
    await expect.poll(receiptOf, WAIT).toBeTruthy();
    const [lead] = await leadsOf(callId);

    const receipt = receiptOf()!;
    expect(receipt.verified).toBe(true);
    expect(receipt.body).toEqual({
      id: receipt.id,
      type: 'contact.created',
      createdAt: lead!.created_at,
      data: {
        submissionId: lead!.id,
        source: 'voice',
        name: CALLER.name,
        email: CALLER.email,
        phone: CALLER.phone,
        company: CALLER.company,
        message: CALLER.need,
        locale: 'fr',
        page: null,
        callId,
        preferredTime: CALLER.preferredTime,
      },
    });

    const { envelope, message: mail } = mailOf()!;
    expect(envelope.to).toEqual(['leads@atelier.example']);
    expect(mail.subject).toBe(`Demande de rappel prise par l’agent vocal${NBSP}: ${CALLER.name}`);
    expect(mail.replyTo).toEqual([{ name: CALLER.name, address: CALLER.email }]);
    for (const line of [
      'l’agent vocal a pris cette demande de rappel',
      `Téléphone${NBSP}: ${CALLER.phone}`,
      `Moment souhaité pour le rappel${NBSP}: ${CALLER.preferredTime}`,
      `Langue de l’appel${NBSP}: français`,
      `Appel Vapi${NBSP}: ${callId}`,
      `Numéro de la demande${NBSP}: ${lead!.id}`,
      CALLER.need,
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('attaches the end-of-call report to the call\'s lead: summary in the export and a follow-up; the transcript only when VOICE_LEAD_TRANSCRIPT=on', async () => {
    await start();
    const callId = newCall();
    const eventsOf = () =>
      hook.receipts.filter((received) => (received.body as { data?: { callId?: string } }).data?.callId === callId).map((received) => ({ ...(received.body as LeadEvent), verified: received.verified }));
    await send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }));
    await expect.poll(() => eventsOf().length, WAIT).toBe(1);
    const summary = 'Geneviève Côté, d’une clinique dentaire de Québec, veut un agent vocal pour ses rendez-vous; à rappeler mardi matin.';
    const report = endOfCallReport({ callId, summary, transcript: 'AI: Bonjour!\nUser: Oui, rappelez-moi.' });
    const answer = await send(report);
    expect(answer.statusCode).toBe(200);
    expect((await leadsOf(callId))[0]).toMatchObject({ call_summary: summary, call_transcript: null });

    await expect.poll(() => eventsOf().length, WAIT).toBe(2);
    const [lead] = await leadsOf(callId);
    expect(eventsOf()[1]).toMatchObject({
      verified: true,
      type: 'contact.call_report',
      data: { submissionId: lead!.id, callId, name: CALLER.name, locale: 'fr', summary, transcript: null },
    });
    const followUpOf = () => smtp.messages.find((received) => received.message.subject?.startsWith('Résumé') && received.message.text?.includes(callId));
    await expect.poll(followUpOf, WAIT).toBeTruthy();
    const followUp = followUpOf()!.message;
    expect(followUp.subject).toBe(`Résumé de l’appel${NBSP}: ${CALLER.name}`);
    expect(followUp.text).toContain(summary);
    expect(followUp.text).not.toContain('rappelez-moi');

    // Vapi retries the report: nothing more.
    expect((await send(report)).statusCode).toBe(200);
    await expect.poll(() => inspect.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
    expect(eventsOf()).toHaveLength(2);

    // With the transcript kept: it is stored and sent with the summary.
    await app!.close();
    await start({ VOICE_LEAD_TRANSCRIPT: 'on' });
    const withTranscript = newCall();
    await send(toolCallsMessage({ callId: withTranscript, calls: [{ args: { ...CALLER, name: 'Luc Roy' } }] }));
    await send(endOfCallReport({ callId: withTranscript, summary: 'Luc veut un rappel.', transcript: 'AI: Bonjour!\nUser: Luc Roy, rappelez-moi.' }));
    expect((await leadsOf(withTranscript))[0]).toMatchObject({ call_summary: 'Luc veut un rappel.', call_transcript: 'AI: Bonjour!\nUser: Luc Roy, rappelez-moi.' });
    await expect.poll(() => smtp.messages.find((received) => received.message.subject?.includes('Luc Roy') && received.message.text?.includes('Transcription')), WAIT).toBeTruthy();
  });

  it('ignores other messages, and a report of a call that left no lead, with 200; refuses an oversized body with 413', async () => {
    await start();
    const callId = newCall();
    for (const type of ['status-update', 'speech-update', 'transcript', 'conversation-update', 'hang']) {
      const answer = await send({ message: { type, call: { id: callId }, status: 'in-progress' } });
      expect(answer.statusCode, type).toBe(200);
    }
    expect((await send(endOfCallReport({ callId, summary: 'Une question sur les prix, sans rappel demandé.' }))).statusCode).toBe(200);
    expect(await leadsOf(callId)).toEqual([]);
    expect((await send({ nothing: 'here' })).statusCode).toBe(400);

    const huge = endOfCallReport({ callId, summary: 'x', transcript: 'y'.repeat(1024 * 1024) });
    const answer = await send(huge);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ ok: false, error: 'unsupported_body' });
    // A real report, with the assistant's prompt and a few minutes of conversation, is well within it.
    const long = endOfCallReport({ callId, summary: 'x', transcript: 'User: bonjour\n'.repeat(5000) });
    expect((await send(long)).statusCode).toBe(200);
  });

  it('is not held to the forms\' per-address limits or proof of work, but to the storage ceiling', async () => {
    await start({ RATE_LIMIT_CONTACT: '1/600', PROOF_OF_WORK: 'on', SUBMISSIONS_PER_DAY: '100000000' });
    // Vapi's requests all come from a few addresses: many calls from one address are all taken.
    for (let i = 0; i < 5; i++) {
      const callId = newCall();
      expect((await send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, name: `Caller ${i}` } }] }), AUTH, '52.4.176.10')).json().results[0].result).toMatch(/^Enregistrée/);
    }
    await app!.close();

    // The ceiling counts voice leads and form leads together, and past it the agent is told to give the firm's phone.
    const count = (await inspect.listContacts()).length;
    await storageQuery(storage.env, 'DELETE FROM submission_counts');
    await start({ SUBMISSIONS_PER_DAY: '1' });
    const callId = newCall();
    expect((await send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }))).json().results[0].result).toMatch(/^Enregistrée/);
    const refused = await send(toolCallsMessage({ callId: newCall(), calls: [{ args: CALLER }] }));
    expect(refused.statusCode).toBe(200);
    expect(refused.json().results[0].error).toMatch(/^Non enregistrée.*le numéro \+1 514-555-0142/);
    const form = await injectWithProof(app!, { url: '/api/contact', payload: { name: 'Jo', phone: '514 555 0100', email: 'jo@example.com', message: 'Hello' } });
    expect(form.statusCode).toBe(503);
    expect((await inspect.listContacts()).length).toBe(count + 1);
  });

  it('shows the source and call in the export, and purges voice leads with the form\'s', async () => {
    await start();
    const callId = newCall();
    await send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, email: undefined } }] }));
    await send(endOfCallReport({ callId, summary: 'Résumé pour l’export.' }));
    let json = '';
    const code = await runExport(['contacts', '--format', 'json'], storage.env, { write: (text: string) => (json += text) }, { write: () => undefined });
    expect(code).toBe(0);
    const row = (JSON.parse(json) as Array<Record<string, unknown>>).find((entry) => entry.call_id === callId);
    expect(row).toMatchObject({ source: 'voice', call_id: callId, email: '', phone: CALLER.phone, preferred_time: CALLER.preferredTime, call_summary: 'Résumé pour l’export.' });
    expect(row).not.toHaveProperty('tool_call_id');

    // Without an e-mail address, the firm's e-mail says to call back instead of "Reply".
    const leadMail = () => smtp.messages.find((received) => received.message.subject?.startsWith('Demande de rappel') && received.message.text?.includes(callId));
    await expect.poll(leadMail, WAIT).toBeTruthy();
    const mail = leadMail()!.message;
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain(`${CALLER.name} n’a pas donné d’adresse courriel${NBSP}: rappelez au ${CALLER.phone}.`);
    const event = hook.receipts.map((receipt) => receipt.body as LeadEvent).find((body) => body.type === 'contact.created' && body.data.callId === callId);
    expect(event?.data).toMatchObject({ email: null, phone: CALLER.phone });

    // SITE_RETENTION_DAYS later, the daily purge deletes it as it deletes form leads.
    await app!.close();
    app = undefined;
    const reports = await runPurgeJobs(inspect, { contactDays: 730 }, new Date(Date.now() + 731 * 24 * 3600 * 1000));
    expect(reports[0]!.deleted).toBeGreaterThan(0);
    expect(await leadsOf(callId)).toEqual([]);
  });
});
