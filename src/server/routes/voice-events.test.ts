import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/storage';
import { MAX_TOOL_CALLS_PER_MESSAGE } from '../vapi/callback-requests';
import { CALLER, endOfCallReport, toolCallsMessage } from '../../../test/vapi-messages';
import { VAPI_SECRET, WAIT, newCall, voiceEventsHarness } from '../../../test/voice-events';

/**
 * POST /api/voice/events through `inject`, on both engines: the callback requests the voice agent
 * takes during a call are stored once, only Vapi can send them, and a bad detail is an answer the
 * agent can say. What reaches the firm: ./voice-events-delivery.test.ts.
 */

describe.each(ENGINES)('callback requests from the voice agent on %s', (engine) => {
  const h = voiceEventsHarness(engine);

  it('stores one lead per tool call and answers its toolCallId; the same message again stores nothing new', async () => {
    await h.start();
    const callId = newCall();
    const message = toolCallsMessage({ callId, calls: [{ id: 'call_tool_1', args: CALLER }] });
    const first = await h.send(message);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ results: [{ name: 'request_callback', toolCallId: 'call_tool_1', result: expect.stringMatching(/^Enregistrée/) }] });
    const [lead, ...more] = await h.leadsOf(callId);
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
    const again = await h.send(message);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await h.leadsOf(callId)).toHaveLength(1);
    await expect.poll(() => h.hook.receipts.length, WAIT).toBe(1);
    await expect.poll(() => h.smtp.messages.length, WAIT).toBe(1);
    await expect.poll(() => h.inspect.deliveries.list(['pending', 'failed']), WAIT).toEqual([]);
    expect(h.hook.receipts).toHaveLength(1);
  });

  it('takes one request per call: a second tool call answers that it is already noted, and stores nothing', async () => {
    await h.start();
    const callId = newCall();
    expect((await h.send(toolCallsMessage({ callId, calls: [{ id: 'call_a', args: CALLER }] }))).json().results[0].result).toMatch(/^Enregistrée/);
    const second = await h.send(toolCallsMessage({ callId, calls: [{ id: 'call_b', args: { ...CALLER, email: 'autre@clinique-cote.example' } }] }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ results: [{ name: 'request_callback', toolCallId: 'call_b', result: expect.stringMatching(/^Déjà notée/) }] });
    expect((await h.leadsOf(callId)).map((row) => row.email)).toEqual([CALLER.email]);
  });

  it('reads the arguments wherever Vapi puts them: beside the name, as `parameters`, or as OpenAI JSON text', async () => {
    await h.start({ FIRM_LOCALE: 'en' });
    for (const shape of ['arguments', 'parameters', 'function'] as const) {
      const callId = newCall();
      const answer = await h.send(toolCallsMessage({ callId, calls: [{ args: { ...CALLER, language: 'en', name: `Sam ${shape}` }, shape }] }));
      expect(answer.statusCode, shape).toBe(200);
      expect(answer.json().results[0].result, shape).toMatch(/^Saved/);
      expect(
        (await h.leadsOf(callId)).map((row) => [row.name, row.locale]),
        shape,
      ).toEqual([[`Sam ${shape}`, 'en']]);
    }
  });

  it('answers a bad detail with an error the agent can say, in the call language, on one line, and stores nothing', async () => {
    await h.start();
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
      const answer = await h.send(toolCallsMessage({ callId, calls: [{ id: 'call_bad', args }] }));
      expect(answer.statusCode).toBe(200);
      const [result] = answer.json().results;
      expect(result, JSON.stringify(args)).toEqual({ name: 'request_callback', toolCallId: 'call_bad', error: expect.stringMatching(error) });
      expect(result.error).not.toMatch(/\n/);
    }
    // Unreadable arguments, an unknown tool: an error too, never an HTTP error.
    const odd = await h.send(
      toolCallsMessage({
        callId,
        calls: [
          { id: 'call_text', args: 'not json', shape: 'arguments' },
          { id: 'call_other', name: 'transfer_call', args: {} },
        ],
      }),
    );
    expect(odd.json()).toEqual({
      results: [
        { name: 'request_callback', toolCallId: 'call_text', error: expect.stringMatching(/^Not saved: the details could not be read/) },
        { name: 'transfer_call', toolCallId: 'call_other', error: 'This tool does not exist: do not call it.' },
      ],
    });
    expect(await h.leadsOf(callId)).toEqual([]);
    // Then the corrected request is taken.
    expect((await h.send(toolCallsMessage({ callId, calls: [{ args: CALLER }] }))).json().results[0].result).toMatch(/^Enregistrée/);
    expect(await h.leadsOf(callId)).toHaveLength(1);
  });

  it('processes at most MAX_TOOL_CALLS_PER_MESSAGE tool calls of one message, answers the rest with an error, and warns once', async () => {
    await h.start();
    const callId = newCall();
    const calls = Array.from({ length: 1000 }, (_, i) => ({ id: `call_many_${i}`, args: { ...CALLER, email: 'not-an-address' } }));
    const started = performance.now();
    const answer = await h.send(toolCallsMessage({ callId, calls }));
    const elapsed = performance.now() - started;
    const { results } = answer.json<{ results: Array<{ name: string; toolCallId: string; error?: string }> }>();
    expect(results).toHaveLength(1000);
    expect(results.slice(0, MAX_TOOL_CALLS_PER_MESSAGE).every((result) => result.error?.startsWith('Non enregistrée'))).toBe(true);
    expect(results.slice(MAX_TOOL_CALLS_PER_MESSAGE)).toEqual(
      calls.slice(MAX_TOOL_CALLS_PER_MESSAGE).map(({ id }) => ({ name: 'request_callback', toolCallId: id, error: expect.stringMatching(/^Non traitée/) })),
    );
    // A generous bound: the point is that 995 of them are not checked or stored (6.9 s before).
    expect(elapsed).toBeLessThan(3000);
    const warnings = h.logs.lines().filter((line) => line.limit === 'MAX_TOOL_CALLS_PER_MESSAGE');
    expect(warnings).toEqual([expect.objectContaining({ level: 40, count: 1, toolCalls: 1000 })]);
    expect(h.logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('refuses a request without the secret, or with another, with 401, and stores nothing', async () => {
    await h.start();
    const callId = newCall();
    const message = toolCallsMessage({ callId, calls: [{ args: CALLER }] });
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${VAPI_SECRET.slice(0, -1)}x` },
      { authorization: VAPI_SECRET },
      { authorization: `Basic ${VAPI_SECRET}` },
      { 'x-vapi-secret': VAPI_SECRET },
    ];
    for (const headers of refused) {
      const answer = await h.send(message, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
      expect(answer.json()).toEqual({ ok: false, error: 'unauthorized' });
    }
    // Not even an end-of-call report gets through.
    expect((await h.send(endOfCallReport({ callId, summary: 'forged' }), {})).statusCode).toBe(401);
    expect(await h.leadsOf(callId)).toEqual([]);
  });

  it('takes no request at all without VAPI_SERVER_SECRET (503 not_configured)', async () => {
    await h.start({ VAPI_SERVER_SECRET: '' });
    const answer = await h.send(toolCallsMessage({ callId: newCall(), calls: [{ args: CALLER }] }));
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ ok: false, error: 'not_configured' });
  });
});
