import * as fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contracts/api';
import { contactRequestSchema } from '../../contracts/contact';
import { FIELD_ERROR_CODES } from '../../contracts/fields';
import { newsletterRequestSchema } from '../../contracts/newsletter';
import { CALLBACK_TOOL, callbackArgumentsSchema } from '../../contracts/voice-lead';
import { ENGINES, type TestStorage, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { injectWithProof } from '../../../test/proof';

/**
 * Thousands of malformed requests against both form routes: the server must answer every one
 * with a 4xx ApiResponse, never a 5xx, never crash, and store nothing.
 */

const ROUTES = [
  { url: API_PATHS.contact, schema: contactRequestSchema },
  { url: API_PATHS.newsletter, schema: newsletterRequestSchema },
] as const;
const FIELDS = ['name', 'phone', 'email', 'company', 'message', 'website', 'altcha'];
const ERROR_CODES = ['invalid_request', 'unsupported_body', 'invalid_proof'];
const FIELD_CODES: readonly string[] = FIELD_ERROR_CODES;

const sqlLike = fc.constantFrom(
  "'; DROP TABLE contact_submissions; --",
  "a@b.co' OR '1'='1",
  'Robert"); DELETE FROM newsletter_subscriptions WHERE ("1"="1',
  '\\x00\\u0000 \u0000',
  '$1, $2); --',
);
const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ maxLength: 40 }).map((s) => `${s}\u202e\ud800\u0000\uFEFF${s}`),
  fc.nat({ max: 40_000 }).map((n) => 'é'.repeat(n)),
  sqlLike,
);
const anyValue = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const nested = fc.nat({ max: 12_000 }).map((depth) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`);

/** A body shaped roughly like a form payload: known and unknown keys, any value types. */
const formLike = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), anyValue, { maxKeys: 7 });

const jsonBody = fc.oneof(
  formLike.map((body) => JSON.stringify(body)),
  fc.jsonValue({ depthSize: 'large' }).map((value) => JSON.stringify(value) ?? 'null'),
  nested,
  fc.constantFrom('{"__proto__":{"isAdmin":true},"email":"a@b.co"}', '{"constructor":{"prototype":{"x":1}},"email":"a@b.co"}'),
);
const brokenJson = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ maxLength: 40 }).map((s) => `{"email": "${s}`),
  fc.constant(''),
);
const contentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'text/json',
  'application/json-patch+json',
  'application/octet-stream',
  '*/*',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
);

type Request = { route: 0 | 1; body: string; type: string };
const malformedRequest: fc.Arbitrary<Request> = fc
  .oneof(
    { weight: 6, arbitrary: fc.record({ route: fc.constantFrom(0 as const, 1 as const), body: jsonBody, type: fc.constant('application/json') }) },
    { weight: 2, arbitrary: fc.record({ route: fc.constantFrom(0 as const, 1 as const), body: brokenJson, type: fc.constant('application/json') }) },
    { weight: 2, arbitrary: fc.record({ route: fc.constantFrom(0 as const, 1 as const), body: fc.oneof(jsonBody, brokenJson), type: contentType }) },
  )
  .filter(({ route, body }) => !isValidPayload(route, body));

function isValidPayload(route: 0 | 1, body: string): boolean {
  try {
    return ROUTES[route].schema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

describe.each(ENGINES)('malformed input on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    const config = testConfig({ ...storage.env, RATE_LIMIT_CONTACT: '100000/60', RATE_LIMIT_NEWSLETTER: '100000/60' });
    store = await createStore(config);
    app = await buildApp({ config, store, logger: captureLogs().logger });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await storage.dispose();
  });

  it('answers every malformed request with a 4xx ApiResponse and stores nothing', async () => {
    const before = [(await store.listContacts()).length, (await store.listNewsletter()).length];
    let requests = 0;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(malformedRequest, async ({ route, body, type }) => {
        requests++;
        const response = await app.inject({ method: 'POST', url: ROUTES[route].url, payload: body, headers: { 'content-type': type } });
        statuses.add(response.statusCode);
        expect([400, 413, 415]).toContain(response.statusCode);
        const answer = response.json();
        expect(answer.ok).toBe(false);
        expect(ERROR_CODES).toContain(answer.error);
        for (const code of Object.values(answer.fields ?? {})) expect(FIELD_CODES).toContain(code);
      }),
      { numRuns: 1200 },
    );
    expect(requests).toBeGreaterThanOrEqual(1200);
    // The generators reach every kind of refusal: schema/JSON errors, oversized bodies, wrong types.
    expect([...statuses].sort()).toEqual([400, 413, 415]);
    expect([(await store.listContacts()).length, (await store.listNewsletter()).length]).toEqual(before);

    // Still healthy afterwards.
    const ok = await injectWithProof(app, { url: API_PATHS.newsletter, payload: { email: 'after.fuzz@example.com' } });
    expect(ok.statusCode).toBe(201);
  });
});

/**
 * Vapi's messages, authenticated but malformed or odd (what a model may put in a tool call's
 * arguments): never a 5xx; a tool call always gets its answer; only a valid request is stored.
 */
const SECRET = 'fuzz-vapi-server-secret-0123456789abcdef';
/** What one tool call's answer says: its result or its error. */
const said = (result: Record<string, unknown>) => result.result ?? result.error;
const toolArguments = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom('name', 'company', 'phone', 'email', 'need', 'preferredTime', 'language'), fc.string({ maxLength: 10 })), anyValue, {
    maxKeys: 8,
  }),
  fc.record({ name: oddText, phone: oddText, email: oddText, need: oddText, language: fc.constantFrom('fr', 'en', 'de') }),
  anyValue,
  jsonBody,
);
const toolCall = fc.record({
  id: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), anyValue),
  name: fc.oneof(fc.constant(CALLBACK_TOOL), fc.string({ maxLength: 20 })),
  arguments: toolArguments,
});
const vapiMessage = fc.oneof(
  fc.record({
    message: fc.record({
      type: fc.constant('tool-calls'),
      call: fc.record({ id: fc.oneof(fc.uuid(), anyValue) }),
      toolCallList: fc.array(toolCall, { maxLength: 3 }),
    }),
  }),
  fc.record({
    message: fc.record({
      type: fc.constant('end-of-call-report'),
      call: fc.record({ id: fc.uuid() }),
      analysis: fc.record({ summary: anyValue }),
      artifact: fc.record({ transcript: anyValue }),
    }),
  }),
  fc.record({ message: fc.record({ type: fc.oneof(fc.string({ maxLength: 30 }), anyValue) }) }),
  fc.jsonValue(),
);

describe.each(ENGINES)('malformed Vapi messages on %s', (engine) => {
  it('never answer 5xx, always answer each tool call, and store only valid callback requests', async () => {
    const storage = await freshStorage(engine);
    const config = testConfig({ ...storage.env, VAPI_SERVER_SECRET: SECRET });
    const store = await createStore(config);
    const app = await buildApp({ config, store, logger: captureLogs().logger });
    try {
      await fc.assert(
        fc.asyncProperty(vapiMessage, async (body) => {
          const response = await app.inject({
            method: 'POST',
            url: API_PATHS.voiceEvents,
            payload: JSON.stringify(body) ?? 'null',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
          });
          expect([200, 400]).toContain(response.statusCode);
          const message = (body as { message?: { type?: unknown; toolCallList?: unknown[] } } | null)?.message;
          const answered = response.statusCode === 200 && message?.type === 'tool-calls';
          const results = answered ? response.json<{ results: Array<Record<string, unknown>> }>().results : [];
          // One answer per tool call, each a single line, a result or an error.
          expect(results).toHaveLength(answered ? message!.toolCallList!.length : 0);
          expect(
            results.filter((result) => typeof result.toolCallId !== 'string' || typeof said(result) !== 'string' || !/^[^\n]+$/.test(said(result) as string)),
          ).toEqual([]);
        }),
        { numRuns: 400 },
      );
      for (const lead of await store.listContacts()) {
        expect(lead.source).toBe('voice');
        expect(
          callbackArgumentsSchema.safeParse({
            name: lead.name,
            need: lead.message,
            phone: lead.phone || undefined,
            email: lead.email || undefined,
            language: lead.locale,
          }).success,
        ).toBe(true);
      }
    } finally {
      await app.close();
      await store.close();
      await storage.dispose();
    }
  });
});
