import { createHmac } from 'node:crypto';
import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import { SyncError } from './sync';

/**
 * The credential Vapi authenticates its requests to our server with (POST /api/voice/events): a
 * Bearer token, `Authorization: Bearer <VAPI_SERVER_SECRET>`, kept by Vapi as a custom credential
 * that the assistants reference by id (`server.credentialId`, docs: "Server authentication").
 *
 * `voice:sync` finds it again by its name, never by a local file. Vapi does not promise to show a
 * credential's token back, so the name carries a fingerprint of the secret (a keyed hash, 12 hex
 * digits: nothing of the secret can be learnt from it): a changed VAPI_SERVER_SECRET shows as a
 * different fingerprint, and the credential is updated, without ever reading the token.
 */

/** The start of the credential's name (Vapi: at most 40 characters). */
export const CREDENTIAL_NAME = 'site-voice-events';

export const credentialName = (secret: string) =>
  `${CREDENTIAL_NAME} ${createHmac('sha256', secret).update('vapi-server-credential').digest('hex').slice(0, 12)}`;

/** What Vapi holds of a credential, as far as the sync needs it. */
export type StoredCredential = { id: string; name?: string; provider?: string };

/** GET, POST and PATCH /credential: the part of Vapi's API the sync uses (src/assistants/credential.ts). */
export type CredentialsApi = {
  list(): Promise<StoredCredential[]>;
  create(body: CustomCredentialBody & { provider: 'custom-credential' }): Promise<StoredCredential>;
  update(id: string, body: CustomCredentialBody & { provider: 'custom-credential' }): Promise<StoredCredential>;
};

type CustomCredentialBody = Vapi.CreateCustomCredentialDto & { authenticationPlan: Vapi.CreateCustomCredentialDtoAuthenticationPlan.Bearer };

/** More than this many credentials and ours could be among those not listed. */
const LIST_LIMIT = 1000;

export type CredentialOutcome = {
  action: 'create' | 'update' | 'unchanged';
  name: string;
  /** Absent only for a credential a dry run would create. */ id?: string;
};

/** Makes sure one custom credential holds `secret` as a Bearer token; a dry run only reports. */
export async function ensureServerCredential(api: CredentialsApi, secret: string, options: { dryRun?: boolean } = {}): Promise<CredentialOutcome> {
  const name = credentialName(secret);
  const body: CustomCredentialBody = {
    name,
    authenticationPlan: { type: 'bearer', token: secret, headerName: 'Authorization', bearerPrefixEnabled: true },
  };
  const all = await api.list();
  if (all.length >= LIST_LIMIT)
    throw new SyncError(
      `the organization has ${LIST_LIMIT} credentials or more: ours might not be among those Vapi lists, and creating it again would make a duplicate`,
    );
  const ours = all.filter(
    (credential) => credential.provider === 'custom-credential' && (credential.name === CREDENTIAL_NAME || credential.name?.startsWith(`${CREDENTIAL_NAME} `)),
  );
  if (ours.length > 1) {
    throw new SyncError(
      `${ours.length} credentials are named "${CREDENTIAL_NAME} …" (${ours.map((credential) => credential.id).join(', ')}): delete all but one in Vapi's dashboard, then run this again`,
    );
  }
  const [current] = ours;
  if (!current) {
    const id = options.dryRun ? undefined : (await api.create({ provider: 'custom-credential', ...body })).id;
    return { action: 'create', name, id };
  }
  if (current.name === name) return { action: 'unchanged', name, id: current.id };
  // The provider with the update too, as with the create: Vapi's PATCH takes the same shape.
  if (!options.dryRun) await api.update(current.id, { provider: 'custom-credential', ...body });
  return { action: 'update', name, id: current.id };
}

/**
 * The credentials API through the server SDK's client. @vapi-ai/server-sdk 2.0 has the types of
 * custom credentials but no client for /credential: its passthrough `fetch` sends the request with
 * the client's own key and retries. It is given whole URLs: it joins a relative path to its base
 * URL as path segments, and would send `?limit=` as part of the path (`%3Flimit=`).
 */
export function vapiCredentials(client: Pick<VapiClient, 'fetch'>, baseUrl: string): CredentialsApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await client.fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
    } catch (error) {
      // No answer at all (no network, a closed port): said as the assistants' calls say it.
      throw new SyncError(`Vapi answered nothing: ${JSON.stringify((error as Error).message)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new SyncError(`Vapi answered ${response.status} to ${method} ${path.replace(/\?.*/, '')}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
  return {
    list: () => call('GET', `/credential?limit=${LIST_LIMIT}`),
    create: (body) => call('POST', '/credential', body),
    update: (id, body) => call('PATCH', `/credential/${encodeURIComponent(id)}`, body),
  };
}
