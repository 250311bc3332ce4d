/**
 * `npm run voice:sync [-- --dry-run] [-- --config FILE]`, deployed `atelier-ia voice:sync`: creates
 * or updates the demo's two assistants (French and English) in the firm's Vapi organization from
 * their definitions in src/assistants/, and prints the ids the server needs (VAPI_ASSISTANT_ID_FR,
 * VAPI_ASSISTANT_ID_EN). With VAPI_SERVER_SECRET, it first makes sure Vapi holds it in a Bearer
 * credential, and the assistants take callback requests, sent to SITE_URL/api/voice/events with
 * that credential. A second run with nothing changed writes nothing. Reads the server's
 * configuration (VAPI_PRIVATE_KEY, VAPI_SERVER_SECRET, VAPI_API_BASE_URL,
 * VOICE_MAX_CALL_SECONDS, SITE_*), from the environment or the deployed file (--config); no
 * secret is printed. Exit: 0 done, 1 configuration or API error, 2 bad arguments.
 */
import { VapiClient, VapiEnvironment, VapiError } from '@vapi-ai/server-sdk';
import { ConfigError, loadServerConfig } from '../src/server/core/config';
import { API_PATHS } from '../src/contracts/api';
import { assistantDefinitions } from '../src/assistants/assistants';
import { type CredentialOutcome, ensureServerCredential, vapiCredentials } from '../src/assistants/credential';
import { SyncError, type SyncOutcome, syncAssistants } from '../src/assistants/sync';
import { isMain, runCli } from './lib/cli';
import type { Output } from './lib/with-store';

export const USAGE = `Usage: voice:sync [--dry-run]

Creates or updates the voice demo's two assistants (French, English) in the firm's Vapi
organization, and prints the VAPI_ASSISTANT_ID_FR and _EN to set. --dry-run: says what would
change, writes nothing. Reads VAPI_PRIVATE_KEY, VAPI_SERVER_SECRET and SITE_* like
the server (--config FILE: the service's configuration file). In a checkout: npm run voice:sync
-- …; on a deployed server: atelier-ia voice:sync (docs/voice.md).`;

const VARIABLE = { fr: 'VAPI_ASSISTANT_ID_FR', en: 'VAPI_ASSISTANT_ID_EN' } as const;

export async function runVoiceSync(argv: readonly string[], env: Record<string, string | undefined>, output: Output, errors: Output): Promise<number> {
  const out = (line: string) => output.write(`${line}\n`);
  const fail = (line: string) => errors.write(`${line}\n`);
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    out(USAGE);
    return 0;
  }
  const unknown = argv.filter((argument) => argument !== '--dry-run');
  if (unknown.length > 0) {
    fail(`voice:sync: unknown argument ${unknown.join(' ')} (usage: voice:sync [--dry-run] [--config FILE]; --help says more)`);
    return 2;
  }
  const dryRun = argv.includes('--dry-run');
  let config;
  try {
    config = loadServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(error.message);
      return 1;
    }
    throw error;
  }
  const { privateKey } = config.voice;
  if (!privateKey) {
    fail("voice:sync: VAPI_PRIVATE_KEY is required (in Vapi's dashboard, under API Keys); see docs/voice.md");
    return 1;
  }
  const baseUrl = config.voice.apiBaseUrl ?? VapiEnvironment.Default;
  const client = new VapiClient({ token: privateKey, maxRetries: 0, baseUrl });
  const { leads } = config.voice;
  let credential: CredentialOutcome | undefined;
  let outcomes: SyncOutcome[];
  let definitions;
  try {
    // The credential first: the assistants name it.
    credential = leads ? await ensureServerCredential(vapiCredentials(client, baseUrl), leads.serverSecret, { dryRun }) : undefined;
    const callbacks = credential && { serverUrl: `${config.site.url}${API_PATHS.voiceEvents}`, credentialId: credential.id ?? '(new credential)' };
    definitions = assistantDefinitions({ site: config.site, maxCallSeconds: config.voice.maxCallSeconds, ...(callbacks ? { callbacks } : {}) });
    outcomes = await syncAssistants(client.assistants, definitions, { dryRun });
  } catch (error) {
    if (error instanceof SyncError) fail(`voice:sync: ${error.message}`);
    // The SDK's error carries the request; only the status and Vapi's message are shown.
    else if (error instanceof VapiError) fail(`voice:sync: Vapi answered ${error.statusCode ?? 'nothing'}: ${JSON.stringify(error.body ?? error.message)}`);
    else fail(`voice:sync: ${(error as Error).message}`);
    return 1;
  }

  if (credential) {
    const { action, name, id } = credential;
    const what = action === 'unchanged' ? 'unchanged' : `${dryRun ? 'would be ' : ''}${action === 'create' ? 'created' : 'updated'}`;
    out(`server credential: ${name}: ${what}${id ? ` [${id}]` : ''}`);
    out(`Callback requests go to ${config.site.url}${API_PATHS.voiceEvents}.`);
  } else {
    out('VAPI_SERVER_SECRET is not set: the agent takes no callback requests (docs/voice.md).');
  }
  for (const { locale, action, id, fields } of outcomes) {
    const what =
      action === 'unchanged'
        ? 'unchanged'
        : action === 'create'
          ? dryRun
            ? 'would be created'
            : 'created'
          : `${dryRun ? 'would be updated' : 'updated'} (${fields.join(', ')})`;
    out(`${locale}: ${definitions[locale].name}: ${what}${id ? ` [${id}]` : ''}`);
  }
  if (dryRun) {
    out('Dry run: nothing was written.');
    return 0;
  }
  const stale = outcomes.filter(({ locale, id }) => config.voice.assistantIds[locale] !== id);
  if (stale.length === 0) {
    out('The server is configured with these assistants.');
    return 0;
  }
  out('Set these on the server, then restart it (no rebuild needed):');
  for (const { locale, id } of outcomes) out(`${VARIABLE[locale]}=${id}`);
  return 0;
}

if (isMain(import.meta.url)) {
  // At once: when a request fails (no network), the Vapi SDK leaves its 60 s timeout's timer
  // running, which kept the process a minute after its answer.
  process.exit(await runCli(runVoiceSync));
}
