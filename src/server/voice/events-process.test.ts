import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runVoiceSync } from '../../../scripts/voice-sync';
import { type VapiStandIn, startVapiStandIn } from '../../../test/vapi-stand-in';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { ENGINES, TEST_WEBHOOK_SECRET, freshStorage, testConfig } from '../../../test/storage';
import { CALLER, endOfCallReport, toolCallsMessage } from '../../../test/vapi-messages';
import { type SmtpReceiver, type WebhookReceiver, startSmtpReceiver, startWebhookReceiver } from '../../../test/receivers';
import type { LeadEvent } from '../../contracts/lead-event';
import { createStore } from '../store';

/**
 * The whole callback flow with real processes and real parts: the compiled server
 * (dist-server/server.js) on SQLite and PostgreSQL, `voice:sync` against the stand-in of Vapi's
 * API (it creates the credential and the assistants that point at that server), then the stand-in
 * calls the server as Vapi would for a call of the French assistant, with the credential's token.
 * The firm's e-mail reaches a real SMTP server; its webhook a receiver that verifies the Standard
 * Webhooks signature with the official library.
 */

const PRIVATE_KEY = 'vapi-private-key-callbacks-process-0001';
const SERVER_SECRET = 'process-test-server-secret-0123456789abcdef';
const WAIT = { timeout: 30_000, interval: 100 };
const NBSP = '\u00a0';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

async function setUp(engine: (typeof ENGINES)[number]) {
  const storage = await freshStorage(engine);
  cleanups.push(() => storage.dispose());
  const smtp: SmtpReceiver = await startSmtpReceiver();
  cleanups.push(() => smtp.close());
  const hook: WebhookReceiver = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  cleanups.push(() => hook.close());
  const vapi: VapiStandIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-callbacks' });
  cleanups.push(() => vapi.close());
  const env = {
    ...storage.env,
    VAPI_SERVER_SECRET: SERVER_SECRET,
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'leads@atelier.example',
    MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
    WEBHOOK_URL: hook.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    DELIVERY_POLL: '100ms',
  };
  const server: ServerProcess = await startServerProcess(env);
  cleanups.push(() => server.child.kill('SIGKILL'));

  // The firm's set-up (docs/voice.md), with SITE_URL at this server.
  const lines: string[] = [];
  const into = { write: (text: string) => lines.push(text) };
  const code = await runVoiceSync([], { ...env, VAPI_PRIVATE_KEY: PRIVATE_KEY, VAPI_API_BASE_URL: vapi.url, SITE_URL: server.url }, into, into);
  expect({ code, output: lines.join('') }).toMatchObject({ code: 0 });
  const french = [...vapi.assistants.values()].find((assistant) => (assistant.metadata as { siteAssistant: string }).siteAssistant === 'voice-demo-fr')!;
  return { storage, smtp, hook, vapi, server, french };
}

describe.each(ENGINES)('a callback request taken during a call, server process on %s', (engine) => {
  it('reaches the firm by e-mail and signed webhook, once, with its source and call; then the call summary follows', async () => {
    const { storage, smtp, hook, vapi, server, french } = await setUp(engine);
    const callId = `call-${randomUUID()}`;
    const message = toolCallsMessage({ callId, assistantId: french.id, calls: [{ id: 'call_tool_process', args: CALLER, shape: 'function' }] }).message;

    const taken = await vapi.sendServerMessage(french.id, message);
    expect(taken).toEqual({
      url: `${server.url}/api/voice/events`,
      status: 200,
      body: { results: [{ name: 'request_callback', toolCallId: 'call_tool_process', result: expect.stringMatching(/^Enregistrée/) }] },
    });
    // Vapi sends it again (a retry): the same answer, nothing new.
    expect((await vapi.sendServerMessage(french.id, message)).body).toEqual(taken.body);

    await expect.poll(() => smtp.messages.length, WAIT).toBe(1);
    await expect.poll(() => hook.receipts.length, WAIT).toBe(1);
    const mail = smtp.messages[0]!.message;
    expect(mail.subject).toBe(`Demande de rappel prise par l’agent vocal${NBSP}: ${CALLER.name}`);
    expect(mail.text).toContain(`Appel Vapi${NBSP}: ${callId}`);
    expect(mail.text).toContain(CALLER.need);
    const receipt = hook.receipts[0]!;
    expect(receipt.verified).toBe(true);
    expect((receipt.body as LeadEvent).data).toMatchObject({
      source: 'voice',
      callId,
      name: CALLER.name,
      email: CALLER.email,
      preferredTime: CALLER.preferredTime,
    });

    // The call ends: Vapi's report brings the summary.
    const summary = 'Geneviève Côté veut un agent vocal pour les rendez-vous de sa clinique; à rappeler mardi matin.';
    const reported = await vapi.sendServerMessage(french.id, endOfCallReport({ callId, assistantId: french.id, summary, transcript: 'AI: Bonjour!' }).message);
    expect(reported.status).toBe(200);
    await expect.poll(() => smtp.messages.length, WAIT).toBe(2);
    await expect.poll(() => hook.receipts.length, WAIT).toBe(2);
    expect(smtp.messages[1]!.message.subject).toBe(`Résumé de l’appel${NBSP}: ${CALLER.name}`);
    expect(smtp.messages[1]!.message.text).toContain(summary);
    expect(hook.receipts[1]).toMatchObject({ verified: true, body: { type: 'contact.call_report', data: { callId, summary, transcript: null } } });

    const store = await createStore(testConfig(storage.env));
    try {
      const leads = (await store.listContacts()).filter((row) => row.call_id === callId);
      expect(leads).toEqual([expect.objectContaining({ source: 'voice', name: CALLER.name, call_summary: summary, call_transcript: null })]);
    } finally {
      await store.close();
    }
  });

  it("refuses anyone without the credential's token (401) and a bad detail (an error the agent says), storing nothing", async () => {
    const { storage, smtp, vapi, server, french } = await setUp(engine);
    const callId = `call-${randomUUID()}`;
    const forged = toolCallsMessage({ callId, calls: [{ args: CALLER }] });
    for (const authorization of [undefined, 'Bearer not-the-secret', `Bearer ${PRIVATE_KEY}`]) {
      const answer = await fetch(`${server.url}/api/voice/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(forged),
      });
      expect(answer.status, String(authorization)).toBe(401);
      expect(await answer.json()).toEqual({ ok: false, error: 'unauthorized' });
    }
    const bad = await vapi.sendServerMessage(
      french.id,
      toolCallsMessage({ callId, assistantId: french.id, calls: [{ id: 'call_bad', args: { ...CALLER, email: 'genevieve@' } }] }).message,
    );
    expect(bad).toMatchObject({
      status: 200,
      body: { results: [{ toolCallId: 'call_bad', error: expect.stringMatching(/^Non enregistrée.*l'adresse courriel semble incomplète/) }] },
    });

    const store = await createStore(testConfig(storage.env));
    try {
      expect(await store.listContacts()).toEqual([]);
    } finally {
      await store.close();
    }
    expect(smtp.messages).toEqual([]);
  });
});
