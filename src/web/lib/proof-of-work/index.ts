import type { Challenge } from 'altcha-lib';
import { CHALLENGE_PATH, type NoProofNeeded } from '../../../contracts/proof-of-work';

/**
 * The proof of work a form post carries (server: src/server/core/proof-of-work.ts). A form
 * starts one when the visitor first focuses one of its fields, so that it is ready long before
 * "Send"; a submit that comes earlier waits for it. The challenge comes from this server and the
 * work is done in a Web Worker of this site: no cookie, nothing sent anywhere else.
 */

export type ProofResult =
  /** `altcha` is undefined when the server asks for no proof (PROOF_OF_WORK=off: the challenge route says `{ required: false }`). */
  | { ok: true; altcha: string | undefined }
  /** `solver`: the browser could not do the work (no Web Worker, WebCrypto refused). */
  | { ok: false; error: 'network' | 'rate_limited' | 'not_configured' | 'unavailable' | 'solver' };

/** A proof this close to its expiry is not used: a new one is made. */
const EXPIRY_MARGIN_MS = 60_000;

type Pending = { result: Promise<ProofResult>; expiresAt: number };

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, (message: { payload?: string; error?: string }) => void>();

/** One worker for the page, made when the first proof is wanted, kept for the next ones. */
function solveInWorker(challenge: Challenge): Promise<{ payload?: string; error?: string }> {
  if (typeof Worker === 'undefined') return Promise.resolve({ error: 'this browser has no Web Worker' });
  if (!worker) {
    worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'proof-of-work' });
    worker.addEventListener('message', (event: MessageEvent<{ id: number; payload?: string; error?: string }>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker's postMessage has no target origin
    worker!.postMessage({ id, challenge });
  });
}

async function makeProof(pending: Pending): Promise<ProofResult> {
  let challenge: Challenge;
  try {
    const response = await fetch(CHALLENGE_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (response.status === 429) return { ok: false, error: 'rate_limited' };
    if (!response.ok) {
      // The server's own reason (an ApiResponse), so the form says what a post would have said.
      const answer = (await response.json().catch(() => null)) as { error?: string } | null;
      return { ok: false, error: answer?.error === 'not_configured' ? 'not_configured' : 'unavailable' };
    }
    const answer = (await response.json()) as Challenge | NoProofNeeded;
    if ('required' in answer && answer.required === false) return { ok: true, altcha: undefined };
    challenge = answer as Challenge;
  } catch {
    return { ok: false, error: 'network' };
  }
  if (challenge.parameters.expiresAt) pending.expiresAt = challenge.parameters.expiresAt * 1000;
  const solved = await solveInWorker(challenge);
  if (solved.payload === undefined) {
    console.error('Proof of work failed:', solved.error);
    return { ok: false, error: 'solver' };
  }
  return { ok: true, altcha: solved.payload };
}

export type ProofOfWork = {
  /** Starts making a proof unless one is on its way or ready (and not about to expire). */
  start(): void;
  /** The proof for one post (waiting for it if need be); the next post gets a new one. */
  take(): Promise<ProofResult>;
};

/** One per form: each post spends its own proof. */
export function createProofOfWork(): ProofOfWork {
  let current: Pending | undefined;
  const begin = (): Pending => {
    const pending: Pending = { result: Promise.resolve({ ok: false, error: 'network' }), expiresAt: Infinity };
    pending.result = makeProof(pending);
    return pending;
  };
  const fresh = (pending: Pending | undefined) => pending !== undefined && Date.now() < pending.expiresAt - EXPIRY_MARGIN_MS;
  return {
    start() {
      if (!fresh(current)) current = begin();
    },
    async take() {
      const pending = fresh(current) ? current! : begin();
      current = undefined;
      const result = await pending.result;
      // One that failed earlier (the network was down when the field was focused) is tried again now.
      return result.ok ? result : begin().result;
    },
  };
}
