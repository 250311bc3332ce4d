import { describe, expect, it } from 'vitest';
import { runExport } from '../../../scripts/export';
import { injectWithProof } from '../../../test/proof';
import { ENGINES } from '../../../test/storage';
import { CALLER, endOfCallReport, toolCallsMessage } from '../../../test/vapi-messages';
import { AUTH, NBSP, WAIT, newCall, voiceEventsHarness } from '../../../test/voice-events';
import { runPurgeJobs } from '../retention';
import type { LeadEvent } from '../../contracts/lead-event';

/**
 * A voice lead reaches the firm like a form lead (./events-route.test.ts for how it is taken): the
 * e-mail and the signed webhook, the call's report, the limits it is held to, the export and purge.
 */

describe.each(ENGINES)('voice leads delivered to the firm on %s', (engine) => {
  const h = voiceEventsHarness(engine);

  it('e-mails the firm (the subject says it came from a call) and posts a signed contact.created with source and call id', async () => {
    await h.start();
    const callId = newCall();
    expect((await h.send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }))).statusCode).toBe(200);
    // (An earlier test's lead may still be on its way: this call's are found by its id.)
    const mailOf = () => h.smtp.messages.find((received) => received.message.text?.includes(callId));
    const receiptOf = () =>
      h.hook.receipts.find(
        (received) => (received.body as LeadEvent).type === 'contact.created' && (received.body as { data: { callId?: string } }).data.callId === callId,
      );
    await expect.poll(mailOf, WAIT).toBeTruthy();
    await expect.poll(receiptOf, WAIT).toBeTruthy();
    const [lead] = await h.leadsOf(callId);

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

  it("attaches the end-of-call report to the call's lead: summary in the export and a follow-up; the transcript only when VOICE_LEAD_TRANSCRIPT=on", async () => {
    await h.start();
    const callId = newCall();
    const eventsOf = () =>
      h.hook.receipts
        .filter((received) => (received.body as { data?: { callId?: string } }).data?.callId === callId)
        .map((received) => ({ ...(received.body as LeadEvent), verified: received.verified }));
    await h.send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }));
    await expect.poll(() => eventsOf().length, WAIT).toBe(1);
    const summary = 'Geneviève Côté, d’une clinique dentaire de Québec, veut un agent vocal pour ses rendez-vous; à rappeler mardi matin.';
    const report = endOfCallReport({ callId, summary, transcript: 'AI: Bonjour!\nUser: Oui, rappelez-moi.' });
    const answer = await h.send(report);
    expect(answer.statusCode).toBe(200);
    expect((await h.leadsOf(callId))[0]).toMatchObject({ call_summary: summary, call_transcript: null });

    await expect.poll(() => eventsOf().length, WAIT).toBe(2);
    const [lead] = await h.leadsOf(callId);
    expect(eventsOf()[1]).toMatchObject({
      verified: true,
      type: 'contact.call_report',
      data: { submissionId: lead!.id, callId, name: CALLER.name, locale: 'fr', summary, transcript: null },
    });
    const followUpOf = () => h.smtp.messages.find((received) => received.message.subject?.startsWith('Résumé') && received.message.text?.includes(callId));
    await expect.poll(followUpOf, WAIT).toBeTruthy();
    const followUp = followUpOf()!.message;
    expect(followUp.subject).toBe(`Résumé de l’appel${NBSP}: ${CALLER.name}`);
    expect(followUp.text).toContain(summary);
    expect(followUp.text).not.toContain('rappelez-moi');

    // Vapi retries the report: nothing more.
    expect((await h.send(report)).statusCode).toBe(200);
    await expect.poll(() => h.inspect.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
    expect(eventsOf()).toHaveLength(2);

    // With the transcript kept: it is stored and sent with the summary.
    await h.stop();
    await h.start({ VOICE_LEAD_TRANSCRIPT: 'on' });
    const withTranscript = newCall();
    await h.send(toolCallsMessage({ callId: withTranscript, calls: [{ args: { ...CALLER, name: 'Luc Roy' } }] }));
    await h.send(endOfCallReport({ callId: withTranscript, summary: 'Luc veut un rappel.', transcript: 'AI: Bonjour!\nUser: Luc Roy, rappelez-moi.' }));
    expect((await h.leadsOf(withTranscript))[0]).toMatchObject({
      call_summary: 'Luc veut un rappel.',
      call_transcript: 'AI: Bonjour!\nUser: Luc Roy, rappelez-moi.',
    });
    await expect
      .poll(() => h.smtp.messages.find((received) => received.message.subject?.includes('Luc Roy') && received.message.text?.includes('Transcription')), WAIT)
      .toBeTruthy();
  });

  it('ignores other messages, and a report of a call that left no lead, with 200; refuses an oversized body with 413', async () => {
    await h.start();
    const callId = newCall();
    for (const type of ['status-update', 'speech-update', 'transcript', 'conversation-update', 'hang']) {
      const answer = await h.send({ message: { type, call: { id: callId }, status: 'in-progress' } });
      expect(answer.statusCode, type).toBe(200);
    }
    expect((await h.send(endOfCallReport({ callId, summary: 'Une question sur les prix, sans rappel demandé.' }))).statusCode).toBe(200);
    expect(await h.leadsOf(callId)).toEqual([]);
    expect((await h.send({ nothing: 'here' })).statusCode).toBe(400);

    const huge = endOfCallReport({ callId, summary: 'x', transcript: 'y'.repeat(1024 * 1024) });
    const answer = await h.send(huge);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ ok: false, error: 'unsupported_body' });
    // A real report, with the assistant's prompt and a few minutes of conversation, is well within it.
    const long = endOfCallReport({ callId, summary: 'x', transcript: 'User: bonjour\n'.repeat(5000) });
    expect((await h.send(long)).statusCode).toBe(200);
  });

  it("is not held to the forms' per-client and per-network limits or proof of work", async () => {
    await h.start({ RATE_LIMIT_CONTACT: '1/600', PROOF_OF_WORK: 'on', SUBMISSIONS_PER_NETWORK_PER_DAY: '1' });
    // Vapi's requests all come from a few addresses: many calls from one address (one network) are
    // all taken; each call leaves one lead at most, and calls are the demo's own budget.
    for (let i = 0; i < 5; i++) {
      const callId = newCall();
      expect(
        (await h.send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, name: `Caller ${i}` } }] }), AUTH, '52.4.176.10')).json().results[0].result,
      ).toMatch(/^Enregistrée/);
    }
  });

  it("shows the source and call in the export, and purges voice leads with the form's", async () => {
    await h.start();
    const callId = newCall();
    await h.send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, email: undefined } }] }));
    await h.send(endOfCallReport({ callId, summary: 'Résumé pour l’export.' }));
    let json = '';
    const code = await runExport(['contacts', '--format', 'json'], h.storage.env, { write: (text: string) => (json += text) }, { write: () => undefined });
    expect(code).toBe(0);
    const row = (JSON.parse(json) as Array<Record<string, unknown>>).find((entry) => entry.call_id === callId);
    expect(row).toMatchObject({
      source: 'voice',
      call_id: callId,
      email: '',
      phone: CALLER.phone,
      preferred_time: CALLER.preferredTime,
      call_summary: 'Résumé pour l’export.',
    });
    expect(row).not.toHaveProperty('tool_call_id');

    // Without an e-mail address, the firm's e-mail says to call back instead of "Reply".
    const leadMail = () =>
      h.smtp.messages.find((received) => received.message.subject?.startsWith('Demande de rappel') && received.message.text?.includes(callId));
    await expect.poll(leadMail, WAIT).toBeTruthy();
    const mail = leadMail()!.message;
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain(`${CALLER.name} n’a pas donné d’adresse courriel${NBSP}: rappelez au ${CALLER.phone}.`);
    const event = h.hook.receipts.map((receipt) => receipt.body as LeadEvent).find((body) => body.type === 'contact.created' && body.data.callId === callId);
    expect(event?.data).toMatchObject({ email: null, phone: CALLER.phone });

    // SITE_RETENTION_DAYS later, the daily purge deletes it as it deletes form leads.
    await h.stop();
    const reports = await runPurgeJobs(
      h.inspect,
      { contactDays: 730, statsDays: 760, timeZone: 'America/Toronto' },
      new Date(Date.now() + 731 * 24 * 3600 * 1000),
    );
    expect(reports[0]!.deleted).toBeGreaterThan(0);
    expect(await h.leadsOf(callId)).toEqual([]);
  });
});

describe('voice leads and the storage reserve (SQLite: the disk the server sees)', () => {
  const h = voiceEventsHarness('sqlite');

  it("below the reserve, voice and form leads are refused alike, and the agent is told to give the firm's phone", async () => {
    // A reserve larger than this disk has free.
    await h.start({ STORAGE_RESERVE: '1000000TB' });
    const refused = await h.send(toolCallsMessage({ callId: newCall(), calls: [{ args: CALLER }] }));
    expect(refused.statusCode).toBe(200);
    expect(refused.json().results[0].error).toMatch(/^Non enregistrée.*le numéro 514 555-0142/);
    const form = await injectWithProof(h.app, {
      url: '/api/contact',
      payload: { name: 'Jo', phone: '514 555 0100', email: 'jo@example.com', message: 'Hello' },
    });
    expect(form.statusCode).toBe(503);
    expect(await h.inspect.listContacts()).toEqual([]);
  });
});
