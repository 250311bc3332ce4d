import type { ApiErrorCode, ApiResponse } from '../../contracts/api';
import type { FieldErrorCode } from '../../contracts/form-rules';

/** What the page makes of an answer from /api/*: success, or one error code it knows how to show. */
export type PostResult =
  | { ok: true; confirmation?: 'email'; body: Record<string, unknown> }
  | { ok: false; error: ApiErrorCode | 'network'; fields?: Record<string, FieldErrorCode>; retryAfter?: number };

/**
 * POSTs JSON and never throws: a network failure, a proxy's HTML error page or an unexpected
 * status all become a result the form can turn into the right message.
 */
export async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    return { ok: false, error: 'network' };
  }
  let data: Partial<ApiResponse> | null = null;
  try {
    data = (await response.json()) as Partial<ApiResponse>;
  } catch {
    data = null;
  }
  if (response.ok && data?.ok === true) {
    const answer = data as Record<string, unknown>;
    return data.confirmation === 'email' ? { ok: true, confirmation: 'email', body: answer } : { ok: true, body: answer };
  }
  if (data && data.ok === false && typeof data.error === 'string') {
    return { ok: false, error: data.error, fields: data.fields, retryAfter: data.retryAfter };
  }
  return { ok: false, error: response.status === 429 ? 'rate_limited' : response.status === 503 ? 'unavailable' : 'internal' };
}
