/**
 * The voice demo's server as the tests run it: one or two instances on one database (SQLite or
 * PostgreSQL), Vapi's stand-in behind them (test/vapi-stand-in.ts, with the private key it checks),
 * and the demo's clock, which the tests move forward instead of waiting for a session's minute or
 * a call's longest length. The keeper of the calls runs on its own schedule as in production, only
 * more often.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PATHS } from '../src/contracts/api';
import { buildApp } from '../src/server/app';
import { type Store, createStore } from '../src/server/store';
import { budgetDay } from '../src/server/voice/budget-day';
import { injectWithProof } from './proof';
import { type EngineName, type TestStorage, captureLogs, freshStorage, testConfig } from './storage';
import { type VapiStandIn, startVapiStandIn } from './vapi-stand-in';
import { AUTH, VAPI_SECRET } from './voice-events';

export const PRIVATE_KEY = 'vapi-private-key-for-tests-0123456789';
export const VOICE_ENV = {
  VAPI_PRIVATE_KEY: PRIVATE_KEY,
  VAPI_ASSISTANT_ID_FR: 'asst-fr-1',
  VAPI_ASSISTANT_ID_EN: 'asst-en-1',
  VAPI_SERVER_SECRET: VAPI_SECRET,
  SITE_URL: 'https://www.atelier.example/',
  RATE_LIMIT_VOICE: '1000/600',
};

/** How often the keeper looks in tests (5 s in production). */
export const TEST_KEEPER_EVERY_MS = 100;

export type VoiceHarness = {
  apps: FastifyInstance[];
  stores: Store[];
  storage: TestStorage;
  standIn: VapiStandIn;
  logs: ReturnType<typeof captureLogs>;
  /** Starts `instances` servers with VOICE_ENV, `env` over it. */
  start(env?: Record<string, string>, instances?: number): Promise<void>;
  /** Moves the demo's clock forward (every instance's). */
  advance(seconds: number): void;
  now(): Date;
  /** The firm's day by the demo's clock. */
  today(): string;
  /** POST /api/voice/session as the page sends it (with a solved proof) from `address`. */
  ask(address: string, server?: number, locale?: string): Promise<LightMyRequestResponse>;
  /** POST /api/voice/call/web as the page's SDK sends it, with `session` as its Bearer. */
  place(session: string, server?: number, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** A session and its call, from `address`: the call's id and the session. */
  call(address: string, server?: number): Promise<{ callId: string; session: string }>;
  /** Vapi reporting to one server (POST /api/voice/events). */
  report(payload: unknown, server?: number): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export function voiceHarness(engine: EngineName): VoiceHarness {
  let offsetMs = 0;
  let site: string | undefined;
  const now = () => new Date(Date.now() + offsetMs);
  const harness: VoiceHarness = {
    apps: [],
    stores: [],
    storage: undefined as unknown as TestStorage,
    standIn: undefined as unknown as VapiStandIn,
    logs: captureLogs(),
    async start(env = {}, instances = 2) {
      harness.storage = await freshStorage(engine);
      harness.standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-test-1' });
      site = await mkdtemp(join(tmpdir(), 'voice-site-'));
      await writeFile(join(site, 'index.html'), '<!doctype html><title>Atelier IA</title>');
      harness.logs = captureLogs();
      const config = testConfig({ ...harness.storage.env, ...VOICE_ENV, VAPI_API_BASE_URL: harness.standIn.url, STATIC_DIR: site, ...env });
      // One after the other: two first starts at once on one SQLite file would both run its migrations.
      harness.stores = [];
      for (let i = 0; i < instances; i++) harness.stores.push(await createStore(config));
      harness.apps = await Promise.all(
        harness.stores.map((store) =>
          buildApp({ config, store, logger: harness.logs.logger, voiceCalls: { firstCheckMs: TEST_KEEPER_EVERY_MS, checkEveryMs: TEST_KEEPER_EVERY_MS, now } }),
        ),
      );
    },
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    now,
    today: () => budgetDay(now(), testConfig().notifications.timeZone).day,
    ask: (address, server = 0, locale = 'fr') =>
      injectWithProof(harness.apps[server]!, { url: API_PATHS.voiceSession, remoteAddress: address, payload: { locale } }),
    place: (session, server = 0, body = { assistantId: 'site-assistant' }) =>
      harness.apps[server]!.inject({
        method: 'POST',
        url: API_PATHS.voiceCallWeb,
        headers: { authorization: `Bearer ${session}` },
        payload: body,
        remoteAddress: '203.0.113.200',
      }),
    async call(address, server = 0) {
      const answer = await harness.ask(address, server);
      if (answer.statusCode !== 201) throw new Error(`session for ${address}: ${answer.statusCode} ${answer.body}`);
      const { session } = answer.json<{ session: string }>();
      const placed = await harness.place(session, server);
      if (placed.statusCode !== 201) throw new Error(`call for ${address}: ${placed.statusCode} ${placed.body}`);
      return { callId: placed.json<{ id: string }>().id, session };
    },
    report: (payload, server = 0) =>
      harness.apps[server]!.inject({ method: 'POST', url: API_PATHS.voiceEvents, payload: payload as object, headers: AUTH, remoteAddress: '52.4.176.10' }),
    async close() {
      await Promise.all(harness.apps.map((app) => app.close()));
      await Promise.all(harness.stores.map((store) => store.close()));
      harness.apps = [];
      harness.stores = [];
      offsetMs = 0;
      await harness.standIn?.close();
      await harness.storage?.dispose();
      if (site) await rm(site, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Waits for `check` to hold, looking every 50 ms, for at most `timeoutMs` (a hang, not a slow machine). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000, what = 'the condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
