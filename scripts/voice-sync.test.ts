import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VapiClient } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVapiStandIn, type VapiStandIn } from '../test/vapi-stand-in';
import { loadServerConfig } from '../src/server/core/config';
import { getContent } from '../src/content/all';
import { assistantDefinitions } from '../src/assistants/assistants';
import { syncAssistants } from '../src/assistants/sync';
import { freePort } from '../test/postgres';
import { REPO_ROOT } from '../test/server-process';
import { runVoiceSync } from './voice-sync';

/**
 * `npm run voice:sync` against a local stand-in of Vapi's /assistant API, through the official
 * @vapi-ai/server-sdk: it creates both assistants once, then writes nothing while nothing changed,
 * and a changed FAQ answer updates that language's assistant only.
 */

const PRIVATE_KEY = 'vapi-private-key-sync-test-4242';
let standIn: VapiStandIn;
let env: Record<string, string>;

beforeAll(async () => {
  standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-sync' });
  env = {
    VAPI_PRIVATE_KEY: PRIVATE_KEY,
    VAPI_SERVER_SECRET: 'vapi-server-secret-sync-test-0123456789',
    SITE_URL: 'https://www.atelier.example',
    VAPI_API_BASE_URL: standIn.url,
    SITE_BRAND_NAME: 'Atelier IA',
  };
});
afterAll(() => standIn.close());

/** What a run prints, its standard output and its errors in order, as lines. */
function printed() {
  const lines: string[] = [];
  return { into: { write: (text: string) => lines.push(text.replace(/\n$/, '')) }, output: () => lines.join('\n') };
}

async function sync(args: string[] = [], extra: Record<string, string> = {}) {
  const { into, output } = printed();
  const code = await runVoiceSync(args, { ...env, ...extra }, into, into);
  return { code, output: output() };
}
const writes = () => standIn.assistantRequests.filter((request) => request.method !== 'GET');
const writesTo = (requests: Array<{ method: string; path: string }>) =>
  requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);

describe('npm run voice:sync', () => {
  it('creates the two assistants, as a real process, and prints the ids to configure, never the key', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'voice:sync'], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    expect(writes().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /assistant', 'POST /assistant']);
    expect(standIn.assistants.size).toBe(2);
    const byKey = new Map([...standIn.assistants.values()].map((assistant) => [(assistant.metadata as { siteAssistant: string }).siteAssistant, assistant]));
    const fr = byKey.get('voice-demo-fr')!;
    const en = byKey.get('voice-demo-en')!;
    expect(fr.transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'fr-CA' });
    expect(en.transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'en' });
    expect(stdout).toContain(`fr: Atelier IA démo vocale (FR): created [${fr.id}]`);
    expect(stdout).toContain(`VAPI_ASSISTANT_ID_EN=${en.id}\nVAPI_ASSISTANT_ID_FR=${fr.id}`);
    expect(stdout).not.toContain(PRIVATE_KEY);
  });

  it('writes nothing the second time, and says the server is configured once it is', async () => {
    const before = standIn.assistantRequests.length;
    const ids = Object.fromEntries(
      [...standIn.assistants.values()].map((assistant) => [(assistant.metadata as { siteAssistant: string }).siteAssistant, assistant.id]),
    );
    const { code, output } = await sync([], { VAPI_ASSISTANT_ID_FR: ids['voice-demo-fr']!, VAPI_ASSISTANT_ID_EN: ids['voice-demo-en']! });
    expect(code).toBe(0);
    expect(standIn.assistantRequests.slice(before).map((request) => request.method)).toEqual(['GET']);
    expect(output).toContain(`fr: Atelier IA démo vocale (FR): unchanged [${ids['voice-demo-fr']}]`);
    expect(output).toContain(`en: Atelier IA voice demo (EN): unchanged [${ids['voice-demo-en']}]`);
    expect(output).toContain('The server is configured with these assistants.');
  });

  it('updates exactly the French assistant, and only its prompt, when a French FAQ answer changes', async () => {
    const config = loadServerConfig(env);
    const changed = structuredClone(getContent('fr'));
    changed.faq.groups[1]!.items[0]!.answer[0] = 'Oui. Nous relions maintenant aussi votre système téléphonique.';
    // As the sync defines them: with the server that takes callback requests, and its credential.
    const [credential] = standIn.credentials.values();
    const definitions = assistantDefinitions({
      site: config.site,
      maxCallSeconds: 180,
      content: (locale) => (locale === 'fr' ? changed : getContent(locale)),
      callbacks: { serverUrl: 'https://www.atelier.example/api/voice/events', credentialId: credential!.id },
    });
    const client = new VapiClient({ token: PRIVATE_KEY, baseUrl: standIn.url, maxRetries: 0 });
    const before = standIn.assistantRequests.length;

    const planned = await syncAssistants(client.assistants, definitions, { dryRun: true });
    expect(planned.map(({ locale, action, fields }) => ({ locale, action, fields }))).toEqual([
      { locale: 'en', action: 'unchanged', fields: [] },
      { locale: 'fr', action: 'update', fields: ['model'] },
    ]);
    expect(standIn.assistantRequests.slice(before).map((request) => request.method)).toEqual(['GET']);

    await syncAssistants(client.assistants, definitions);
    const sent = standIn.assistantRequests.slice(before).filter((request) => request.method !== 'GET');
    const fr = [...standIn.assistants.values()].find((assistant) => (assistant.metadata as { siteAssistant: string }).siteAssistant === 'voice-demo-fr')!;
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /assistant/${fr.id}`]);
    expect(Object.keys(sent[0]!.body as object)).toEqual(['model']);
    expect(JSON.stringify(fr.model)).toContain('Nous relions maintenant aussi votre système téléphonique.');
    // And the next run with that copy writes nothing.
    expect((await syncAssistants(client.assistants, definitions)).map(({ action }) => action)).toEqual(['unchanged', 'unchanged']);
  });

  it('with --dry-run prints what would change and writes nothing', async () => {
    const before = writes().length;
    const { code, output } = await sync(['--dry-run'], { VOICE_MAX_CALL_SECONDS: '240' });
    expect(code).toBe(0);
    expect(output).toMatch(/fr: Atelier IA démo vocale \(FR\): would be updated \(model, maxDurationSeconds, hooks\)/);
    expect(output).toMatch(/en: Atelier IA voice demo \(EN\): would be updated \(model, maxDurationSeconds, hooks\)/);
    expect(output).toContain('Dry run: nothing was written.');
    expect(writes()).toHaveLength(before);
  });

  it('stops with one clear line without the key, on a refused key, and on bad arguments', async () => {
    expect(await sync([], { VAPI_PRIVATE_KEY: '' })).toEqual({
      code: 1,
      output: "voice:sync: VAPI_PRIVATE_KEY is required (in Vapi's dashboard, under API Keys); see docs/voice.md",
    });
    const refused = await sync([], { VAPI_PRIVATE_KEY: 'not-the-key' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^voice:sync: Vapi answered 401\b.*Invalid Key/);
    expect(refused.output).not.toContain('not-the-key');
    expect((await sync(['--force'])).code).toBe(2);
  });

  it('reads the deployed configuration file with --config, which no shell loads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voice-sync-'));
    try {
      const file = join(dir, 'env');
      await writeFile(
        file,
        `NODE_ENV=production\nVAPI_PRIVATE_KEY=${PRIVATE_KEY}\nVAPI_SERVER_SECRET=${env.VAPI_SERVER_SECRET}\nSITE_URL=${env.SITE_URL}\nVAPI_API_BASE_URL=${standIn.url}\n`,
        { mode: 0o600 },
      );
      const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'voice:sync', '--', '--config', file, '--dry-run'], {
        cwd: REPO_ROOT,
        env: clean,
      });
      expect(stdout).toMatch(/^fr: Atelier IA démo vocale \(FR\): (unchanged|would be updated)/m);
      expect(stdout).toContain('Dry run: nothing was written.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('without a network, says so in one line and exits at once, not a minute later', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const child = spawn('npm', ['run', '--silent', 'voice:sync'], { cwd: REPO_ROOT, env: { ...process.env, ...env, VAPI_API_BASE_URL: closed } });
    let stderr = '';
    let saidAt = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!saidAt && stderr.includes('\n')) saidAt = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'voice:sync: Vapi answered nothing: "fetch failed"\n' });
    // The process ends once it has said so: the SDK's timer must not keep it alive (it would for 60 s).
    expect(Date.now() - saidAt).toBeLessThan(15_000);
  });

  it('refuses to guess between two assistants with the same key', async () => {
    const [first] = standIn.assistants.values();
    standIn.assistants.set('copy-of-fr', { ...first!, id: 'copy-of-fr' });
    try {
      const { code, output } = await sync();
      expect(code).toBe(1);
      expect(output).toMatch(/2 assistants carry metadata\.siteAssistant = "voice-demo-\w\w" \(.+, copy-of-fr\): delete all but one/);
    } finally {
      standIn.assistants.delete('copy-of-fr');
    }
  });
});

describe('npm run voice:sync with VAPI_SERVER_SECRET: the credential Vapi authenticates its requests with', () => {
  const SERVER_SECRET = 'callbacks-secret-0123456789-abcdefghijklmnop';
  let vapi: VapiStandIn;
  let withSecret: Record<string, string>;
  beforeAll(async () => {
    vapi = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-sync' });
    withSecret = { ...env, VAPI_API_BASE_URL: vapi.url, VAPI_SERVER_SECRET: SERVER_SECRET, SITE_URL: 'https://www.atelier.example' };
  });
  afterAll(() => vapi.close());
  const run = async (args: string[] = [], extra: Record<string, string> = {}) => {
    const { into, output } = printed();
    const code = await runVoiceSync(args, { ...withSecret, ...extra }, into, into);
    return { code, output: output() };
  };

  it('plans the credential and the assistants in a dry run, and writes nothing', async () => {
    const { code, output } = await run(['--dry-run']);
    expect(code).toBe(0);
    expect(output).toMatch(/^server credential: site-voice-events [0-9a-f]{12}: would be created$/m);
    expect(output).toContain('Callback requests go to https://www.atelier.example/api/voice/events.');
    expect(writesTo(vapi.credentialRequests)).toEqual([]);
    expect(writesTo(vapi.assistantRequests)).toEqual([]);
  });

  it('creates one Bearer credential holding the secret, and the assistants send their tool calls and reports with it', async () => {
    const { code, output } = await run();
    expect(code).toBe(0);
    expect(writesTo(vapi.credentialRequests)).toEqual(['POST /credential']);
    const [credential, ...others] = vapi.credentials.values();
    expect(others).toEqual([]);
    expect(credential).toMatchObject({
      provider: 'custom-credential',
      name: expect.stringMatching(/^site-voice-events [0-9a-f]{12}$/),
      authenticationPlan: { type: 'bearer', token: SERVER_SECRET, headerName: 'Authorization', bearerPrefixEnabled: true },
    });
    expect(output).toContain(`server credential: ${credential!.name}: created [${credential!.id}]`);
    expect(vapi.assistants.size).toBe(2);
    for (const assistant of vapi.assistants.values()) {
      expect(assistant.server).toEqual({
        url: 'https://www.atelier.example/api/voice/events',
        credentialId: credential!.id,
        timeoutSeconds: 20,
        backoffPlan: { type: 'exponential', maxRetries: 3, baseDelaySeconds: 1, excludedStatusCodes: expect.arrayContaining([400, 401]) },
      });
      expect(assistant.serverMessages).toEqual(['tool-calls', 'status-update', 'end-of-call-report']);
      // The closing line before the cut, and the formatter off, reach Vapi as defined.
      expect(assistant.hooks).toEqual([expect.objectContaining({ on: 'call.timeElapsed', options: { seconds: 165 } })]);
      expect(assistant.voice).toMatchObject({ chunkPlan: { formatPlan: { enabled: false } } });
      expect(JSON.stringify(assistant.model)).toContain('"name":"request_callback"');
    }
    // The secret is Vapi's to keep: never printed.
    expect(output).not.toContain(SERVER_SECRET);
  });

  it('writes nothing the second time: the credential is found again by its name', async () => {
    const before = { credentials: vapi.credentialRequests.length, assistants: vapi.assistantRequests.length };
    const { code, output } = await run();
    expect(code).toBe(0);
    expect(vapi.credentialRequests.slice(before.credentials).map((request) => request.method)).toEqual(['GET']);
    expect(vapi.assistantRequests.slice(before.assistants).map((request) => request.method)).toEqual(['GET']);
    expect(output).toMatch(/^server credential: site-voice-events [0-9a-f]{12}: unchanged \[/m);
  });

  it('updates the credential alone when the secret changes (its token is never read back)', async () => {
    const [credential] = vapi.credentials.values();
    const before = { credentials: vapi.credentialRequests.length, assistants: vapi.assistantRequests.length };
    const next = 'a-new-callbacks-secret-0123456789-abcdefghijk';
    const { code, output } = await run([], { VAPI_SERVER_SECRET: next });
    expect(code).toBe(0);
    const sent = vapi.credentialRequests.slice(before.credentials);
    expect(writesTo(sent)).toEqual([`PATCH /credential/${credential!.id}`]);
    // The update names the provider, as the create does.
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ provider: 'custom-credential' });
    expect(writesTo(vapi.assistantRequests.slice(before.assistants))).toEqual([]);
    expect(vapi.credentials.get(credential!.id)?.authenticationPlan?.token).toBe(next);
    expect(output).toContain(`[${credential!.id}]`);
    expect(output).not.toContain(next);
  });

  it('refuses to guess between two credentials with its name', async () => {
    const [first] = vapi.credentials.values();
    vapi.credentials.set('copy-of-credential', { ...first!, id: 'copy-of-credential' });
    try {
      const { code, output } = await run();
      expect(code).toBe(1);
      expect(output).toMatch(/2 credentials are named "site-voice-events …" \(.+, copy-of-credential\): delete all but one/);
    } finally {
      vapi.credentials.delete('copy-of-credential');
    }
  });
});
