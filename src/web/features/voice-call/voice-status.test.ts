/**
 * The card's question before any press, against the server's answers as the route gives them
 * (src/server/voice/status-route.ts; the contract: src/contracts/voice.ts). Only fetch is stubbed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../contracts/api';
import { CHALLENGE_PATH } from '../../../contracts/proof-of-work';
import { requestVoiceStatus } from './voice-status';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requestVoiceStatus', () => {
  it.each([
    ['ready', 'ready'],
    ['not_configured', 'unavailable'],
    ['unavailable', 'unavailable'],
    ['minutes_spent', 'budget-spent'],
    ['lines_busy', 'lines-busy'],
  ] as const)('turns the state %s into what the card shows (%s), with one GET in the page’s language and no proof of work', async (state, shown) => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ state }));
    await expect(requestVoiceStatus('fr')).resolves.toBe(shown);
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(`${API_PATHS.voiceStatus}?locale=fr`);
    expect(init?.method ?? 'GET').toBe('GET');
    expect(String(path)).not.toContain(CHALLENGE_PATH);
  });

  it('says nothing (null) when the server cannot: a network failure, an error status, another shape, a state it does not know', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(requestVoiceStatus('en')).resolves.toBeNull();
    fetch.mockResolvedValueOnce(Response.json({ ok: false, error: 'invalid_request' }, { status: 400 }));
    await expect(requestVoiceStatus('en')).resolves.toBeNull();
    fetch.mockResolvedValueOnce(new Response('<html>502</html>', { status: 200 }));
    await expect(requestVoiceStatus('en')).resolves.toBeNull();
    fetch.mockResolvedValueOnce(Response.json({ state: 'closed' }));
    await expect(requestVoiceStatus('en')).resolves.toBeNull();
  });
});
