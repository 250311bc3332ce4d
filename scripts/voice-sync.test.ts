import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { VapiClient } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVapiStandIn, type VapiStandIn } from '../e2e/helpers/vapi-stand-in';
import { loadServerConfig } from '../src/server/config';
import { getContent } from '../src/web/content/all';
import { assistantDefinitions } from '../src/voice/assistants';
import { syncAssistants } from '../src/voice/sync';
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
  env = { VAPI_PRIVATE_KEY: PRIVATE_KEY, VAPI_ORG_ID: 'org-sync', VAPI_API_BASE_URL: standIn.url, SITE_BRAND_NAME: 'Atelier IA' };
});
afterAll(() => standIn.close());

async function sync(args: string[] = [], extra: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await runVoiceSync(args, { ...env, ...extra }, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}
const writes = () => standIn.assistantRequests.filter((request) => request.method !== 'GET');

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
    expect(stdout).toContain(`VAPI_ASSISTANT_ID_FR=${fr.id}\nVAPI_ASSISTANT_ID_EN=${en.id}`);
    expect(stdout).not.toContain(PRIVATE_KEY);
  });

  it('writes nothing the second time, and says the server is configured once it is', async () => {
    const before = standIn.assistantRequests.length;
    const ids = Object.fromEntries([...standIn.assistants.values()].map((assistant) => [(assistant.metadata as { siteAssistant: string }).siteAssistant, assistant.id]));
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
    const definitions = assistantDefinitions({ site: config.site, maxCallSeconds: 180, content: (locale) => (locale === 'fr' ? changed : getContent(locale)) });
    const client = new VapiClient({ token: PRIVATE_KEY, baseUrl: standIn.url, maxRetries: 0 });
    const before = standIn.assistantRequests.length;

    const planned = await syncAssistants(client.assistants, definitions, { dryRun: true });
    expect(planned.map(({ locale, action, fields }) => ({ locale, action, fields }))).toEqual([
      { locale: 'fr', action: 'update', fields: ['model'] },
      { locale: 'en', action: 'unchanged', fields: [] },
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
    expect(output).toMatch(/fr: Atelier IA démo vocale \(FR\): would be updated \(model, maxDurationSeconds\)/);
    expect(output).toMatch(/en: Atelier IA voice demo \(EN\): would be updated \(model, maxDurationSeconds\)/);
    expect(output).toContain('Dry run: nothing was written.');
    expect(writes()).toHaveLength(before);
  });

  it('stops with one clear line without the key, on a refused key, and on bad arguments', async () => {
    expect(await sync([], { VAPI_PRIVATE_KEY: '', VAPI_ORG_ID: '' })).toEqual({
      code: 1,
      output: "voice:sync: VAPI_PRIVATE_KEY and VAPI_ORG_ID are required (both are in Vapi's dashboard, under API Keys); see docs/voice.md",
    });
    const refused = await sync([], { VAPI_PRIVATE_KEY: 'not-the-key' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^voice:sync: Vapi answered 401: .*Invalid Key/);
    expect(refused.output).not.toContain('not-the-key');
    expect((await sync(['--force'])).code).toBe(2);
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
