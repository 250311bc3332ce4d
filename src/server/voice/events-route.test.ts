import { describe, expect, it, vi } from 'vitest';
import { ENGINES, storageRows } from '../../../test/storage';
import { DEFAULT_FIRM_TIME_ZONE, dayOf, startOfDay } from '../core/calendar';
import { HOUR_MS } from '../core/time';
import { MAX_TOOL_CALLS_PER_MESSAGE } from './callback-requests';
import { CALLER, endOfCallReport, toolCallsMessage } from '../../../test/vapi-messages';
import { AUTH, VAPI_SECRET, WAIT, newCall, voiceEventsHarness } from '../../../test/voice-events';

/**
 * POST /api/voice/events through `inject`, on both engines: the callback requests the voice agent
 * takes during a call are stored once, only Vapi can send them, and a bad detail is an answer the
 * agent can say. What reaches the firm: ./events-delivery.test.ts.
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
      // A line of its own in the firm's e-mail ("Courriel : …"), as the form refuses it.
      { args: { ...CALLER, name: 'Zoé\u2028Courriel : ceo@firm.example' }, error: /le nom contient des caractères/ },
      { args: { ...CALLER, preferredTime: 'mardi\u2029Courriel : ceo@firm.example' }, error: /le moment préféré contient des caractères/ },
      // An address that reads as another (a bidirectional override, a zero-width space), as the forms refuse it.
      { args: { ...CALLER, email: 'genevieve\u202E@clinique-cote.example' }, error: /l'adresse courriel semble incomplète ou erronée/ },
      { args: { ...CALLER, email: 'genevieve@clinique\u200B-cote.example' }, error: /l'adresse courriel semble incomplète ou erronée/ },
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
    // A generous bound: the point is that 995 of them are neither checked nor stored.
    expect(elapsed).toBeLessThan(3000);
    const warnings = h.logs.lines().filter((line) => line.limit === 'MAX_TOOL_CALLS_PER_MESSAGE');
    expect(warnings).toEqual([expect.objectContaining({ level: 40, count: 1, toolCalls: 1000 })]);
    expect(h.logs.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('reads each tool call’s arguments once, and only the first MAX_TOOL_CALLS_PER_MESSAGE: 200 calls of 4 KB each answered at once', async () => {
    await h.start();
    const callId = newCall();
    const need = `Un agent vocal pour la clinique. ${'Détails. '.repeat(440)}`;
    const message = toolCallsMessage({
      callId,
      calls: Array.from({ length: 200 }, (_, i) => ({ id: `${callId}_${i}`, args: { ...CALLER, need }, shape: 'function' as const })),
    });
    // Vapi's other list holds the same calls: without it the message stays under the 1 MB limit.
    delete (message.message as { toolWithToolCallList?: unknown }).toolWithToolCallList;
    const texts = new Set(message.message.toolCallList.map((call) => (call as { function?: { arguments: string } }).function!.arguments));
    expect(JSON.stringify(message).length).toBeGreaterThan(800_000);
    // Every JSON.parse of one of the calls' argument texts (the body's own parse takes the whole message).
    const parse = vi.spyOn(JSON, 'parse');
    const started = performance.now();
    const answer = await h.send(message);
    const elapsed = performance.now() - started;
    const parsedArguments = parse.mock.calls.filter(([text]) => texts.has(text)).length;
    parse.mockRestore();
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{ results: Array<{ toolCallId: string; result?: string; error?: string }> }>();
    expect(results.map((result) => result.toolCallId)).toEqual(Array.from({ length: 200 }, (_, i) => `${callId}_${i}`));
    // The first is stored, the next four are checked (the same call: already noted), the rest not read.
    expect(results.slice(0, MAX_TOOL_CALLS_PER_MESSAGE).map((result) => result.result?.split(' ')[0])).toEqual(['Enregistrée', 'Déjà', 'Déjà', 'Déjà', 'Déjà']);
    expect(results.slice(MAX_TOOL_CALLS_PER_MESSAGE).every((result) => result.error?.startsWith('Non traitée'))).toBe(true);
    expect(await h.leadsOf(callId)).toHaveLength(1);
    expect(parsedArguments).toBe(MAX_TOOL_CALLS_PER_MESSAGE);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('is not held up by one call with huge arguments followed by thousands of others (49.8 s of event loop before)', async () => {
    await h.start();
    const callId = newCall();
    // Its first call's arguments, 550 KB of JSON text, were read again for each call past the fifth.
    const padding = Array.from({ length: 275_000 }, () => 1);
    const first = { id: 'call_huge', type: 'function', function: { name: 'request_callback', arguments: JSON.stringify({ ...CALLER, padding }) } };
    const others = Array.from({ length: 8_000 }, (_, i) => ({ id: `c${i}`, name: 'request_callback' }));
    const message = { message: { type: 'tool-calls', toolCallList: [first, ...others], call: { id: callId, assistantId: 'asst-test' } } };
    expect(JSON.stringify(message).length).toBeLessThan(1_000_000);
    const started = performance.now();
    const answer = await h.send(message);
    const elapsed = performance.now() - started;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toHaveLength(8_001);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('charges an end-of-call report to the day it arrives, whatever its dates and length: never another day, never past the longest call', async () => {
    const timeZone = DEFAULT_FIRM_TIME_ZONE;
    // The server's clock: 13:00 today in the firm's time zone, so that 12 hours before it is still today.
    const now = new Date(startOfDay(dayOf(new Date(), timeZone), timeZone).getTime() + 13 * HOUR_MS);
    const today = dayOf(now, timeZone);
    await h.start({ FIRM_TIME_ZONE: timeZone }, { voiceCalls: { now: () => now } });
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    const reports: Array<[string, Record<string, unknown> | string]> = [
      ['dated 2001', { startedAt: '2001-09-09T01:46:40.000Z', endedAt: '2001-09-09T01:49:10.000Z', durationSeconds: 150 }],
      ['dated 2099', { startedAt: '2099-12-31T22:00:00.000Z', endedAt: '2099-12-31T22:02:30.000Z', durationSeconds: 150 }],
      ['started in 2001, ended now', { startedAt: '2001-09-09T01:46:40.000Z', endedAt: at(0), durationSeconds: 150 }],
      ['ended in 2099, no length', { startedAt: at(-150), endedAt: '2099-12-31T22:02:30.000Z', durationSeconds: null }],
      ['lasting 1e12 s', { startedAt: at(-150), endedAt: at(0), durationSeconds: 1e12 }],
      ['lasting -5 s', { startedAt: at(-150), endedAt: at(0), durationSeconds: -5 }],
      ['lasting "NaN"', { startedAt: at(-150), endedAt: at(0), durationSeconds: 'NaN' }],
      ['with dates that are not dates', { startedAt: 'not a date', endedAt: '2001-13-45T99:99:99Z', durationSeconds: 1e12 }],
      // JSON reads 1e400 as Infinity.
      ['lasting 1e400 s', '1e400'],
    ];
    for (const [what, said] of reports) {
      const callId = newCall();
      const report = endOfCallReport({ callId });
      const answer =
        typeof said === 'string'
          ? await h.app.inject({
              method: 'POST',
              url: '/api/voice/events',
              headers: { ...AUTH, 'content-type': 'application/json' },
              payload: JSON.stringify({ ...report, message: { ...report.message, durationSeconds: 0 } }).replace(
                '"durationSeconds":0',
                `"durationSeconds":${said}`,
              ),
            })
          : await h.send({ ...report, message: { ...report.message, ...said } });
      expect({ what, status: answer.statusCode }).toEqual({ what, status: 200 });
      const [call] = await storageRows<{ started_at: string; ended_at: string; duration_seconds: number }>(
        h.storage.env,
        'select started_at, ended_at, duration_seconds from voice_calls where call_id = ?',
        [callId],
      );
      const [hold] = await storageRows<{ day: string }>(h.storage.env, 'select day from voice_holds where call_id = ?', [callId]);
      const started = new Date(call!.started_at);
      const ended = new Date(call!.ended_at);
      expect({ what, day: hold?.day, startedOn: dayOf(started, timeZone), endedOn: dayOf(ended, timeZone) }).toEqual({
        what,
        day: today,
        startedOn: today,
        endedOn: today,
      });
      expect(call!.duration_seconds, what).toBeGreaterThanOrEqual(0);
      expect(call!.duration_seconds, what).toBeLessThanOrEqual(43_200);
      expect(ended.getTime() - started.getTime(), what).toBeGreaterThanOrEqual(0);
      expect(ended.getTime(), what).toBeLessThanOrEqual(now.getTime() + 60_000);
    }
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
