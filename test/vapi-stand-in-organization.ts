import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/*
 * The organization's side of the Vapi stand-in (./vapi-stand-in.ts): its assistants and custom
 * credentials as `npm run voice:sync` keeps them through @vapi-ai/server-sdk, and Vapi's own
 * requests to an assistant's server URL (sendServerMessage).
 */

/** One request to /assistant (voice:sync's part of the API). */
export type AssistantRequest = { method: string; path: string; body: unknown };
export type StoredAssistant = Record<string, unknown> & { id: string };
/** A credential as the stand-in keeps it: with its token, which its answers never show (Vapi's may not). */
export type StoredCredential = Record<string, unknown> & {
  id: string;
  name?: string;
  provider?: string;
  authenticationPlan?: { type?: string; token?: string };
};
/** What our server answered a message the stand-in sent it as Vapi would. */
export type ServerMessageReply = { url: string; status: number; body: unknown };

export function standInOrganization(options: { privateKey?: string | undefined; orgId?: string | undefined }) {
  const assistants = new Map<string, StoredAssistant>();
  const assistantRequests: AssistantRequest[] = [];
  const credentials = new Map<string, StoredCredential>();
  const credentialRequests: AssistantRequest[] = [];

  /** GET /assistant (list), POST /assistant (create), PATCH /assistant/:id (update), as Vapi answers them. */
  function assistantApi(request: IncomingMessage, url: URL, body: unknown): [number, unknown] {
    if (options.privateKey && request.headers.authorization !== `Bearer ${options.privateKey}`)
      return [401, { message: 'Invalid Key. Hot tip, you may be using the public key instead of the private key, or vice versa.' }];
    const id = url.pathname.split('/')[2];
    if (request.method === 'GET' && !id) {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return [200, [...assistants.values()].slice(0, limit)];
    }
    if (request.method === 'POST' && !id) {
      const now = new Date().toISOString();
      const created = withVapiDefaults({ ...(body as object), id: randomUUID(), orgId: options.orgId ?? 'org', createdAt: now, updatedAt: now });
      assistants.set(created.id, created);
      return [201, created];
    }
    const current = id ? assistants.get(id) : undefined;
    if (request.method === 'PATCH' && current) {
      const updated = withVapiDefaults({ ...current, ...(body as object), id: current.id, updatedAt: new Date().toISOString() });
      assistants.set(updated.id, updated);
      return [200, updated];
    }
    return [404, { message: 'Not Found' }];
  }

  /**
   * GET /credential (list), POST /credential (create), PATCH /credential/:id (update), for custom
   * credentials as Vapi's API takes them (provider "custom-credential", a Bearer authenticationPlan,
   * a name of at most 40 characters). Answers never show the token.
   */
  function credentialApi(request: IncomingMessage, url: URL, body: unknown): [number, unknown] {
    if (options.privateKey && request.headers.authorization !== `Bearer ${options.privateKey}`)
      return [401, { message: 'Invalid Key. Hot tip, you may be using the public key instead of the private key, or vice versa.' }];
    const shown = ({ authenticationPlan, ...credential }: StoredCredential) => ({
      ...credential,
      authenticationPlan: { ...authenticationPlan, token: undefined },
    });
    const id = url.pathname.split('/')[2];
    const given = (body ?? {}) as Partial<StoredCredential>;
    const invalid = (candidate: Partial<StoredCredential>) =>
      (candidate.name !== undefined && (typeof candidate.name !== 'string' || candidate.name.length < 1 || candidate.name.length > 40)) ||
      (candidate.authenticationPlan !== undefined &&
        (candidate.authenticationPlan.type !== 'bearer' || typeof candidate.authenticationPlan.token !== 'string'));
    if (request.method === 'GET' && !id) return [200, [...credentials.values()].slice(0, Number(url.searchParams.get('limit') ?? 100)).map(shown)];
    if (request.method === 'POST' && !id) {
      if (given.provider !== 'custom-credential' || !given.authenticationPlan || invalid(given)) return [400, { message: ['invalid custom credential'] }];
      const now = new Date().toISOString();
      const created: StoredCredential = { ...given, id: randomUUID(), orgId: options.orgId ?? 'org', createdAt: now, updatedAt: now };
      credentials.set(created.id, created);
      return [201, shown(created)];
    }
    const current = id ? credentials.get(id) : undefined;
    if (request.method === 'PATCH' && current) {
      if (invalid(given)) return [400, { message: ['invalid custom credential'] }];
      const updated: StoredCredential = { ...current, ...given, id: current.id, updatedAt: new Date().toISOString() };
      credentials.set(updated.id, updated);
      return [200, shown(updated)];
    }
    return [404, { message: 'Not Found' }];
  }

  async function sendServerMessage(assistantId: string, message: Record<string, unknown>): Promise<ServerMessageReply> {
    const assistant = assistants.get(assistantId);
    const serverSettings = assistant?.server as { url?: string; credentialId?: string } | undefined;
    if (!assistant || !serverSettings?.url) throw new Error(`the stand-in has no server URL for assistant ${assistantId}`);
    const credential = serverSettings.credentialId ? credentials.get(serverSettings.credentialId) : undefined;
    const token = credential?.authenticationPlan?.token;
    const response = await fetch(serverSettings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ message: { timestamp: Date.now(), ...message, assistant } }),
    });
    const text = await response.text();
    let replyBody: unknown = text;
    try {
      replyBody = JSON.parse(text);
    } catch {
      /* kept as text */
    }
    return { url: serverSettings.url, status: response.status, body: replyBody };
  }

  return { assistants, assistantRequests, credentials, credentialRequests, assistantApi, credentialApi, sendServerMessage };
}

/**
 * Vapi answers with more than it was given: defaults filled in nested objects (here the voice's
 * chunk plan), server-side fields. voice:sync must not take those for differences.
 */
function withVapiDefaults(assistant: StoredAssistant): StoredAssistant {
  const voice = assistant.voice as Record<string, unknown> | undefined;
  return voice ? { ...assistant, voice: { chunkPlan: { enabled: true }, ...voice } } : assistant;
}
