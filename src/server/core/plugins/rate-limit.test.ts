import { describe, expect, it } from 'vitest';
import { useFormApp, VALID_CONTACT } from '../../../../test/form-app';
import { ENGINES } from '../../../../test/storage';

/** Each client address has its own budget per route; only a trusted proxy may say who the client is. */
describe.each(ENGINES)('per-client limits on the forms on %s', (engine) => {
  const form = useFormApp(engine);
  const { start, postVia } = form;

  it('limits each client address and answers 429 with Retry-After', async () => {
    await start({ RATE_LIMIT_CONTACT: '2/600', RATE_LIMIT_NEWSLETTER: '1/60', TRUST_PROXY: '10.0.0.1' });
    const send = (client: string) => postVia('10.0.0.1', client, '/api/contact', VALID_CONTACT);

    expect((await send('203.0.113.5')).statusCode).toBe(201);
    expect((await send('203.0.113.5')).statusCode).toBe(201);
    const limited = await send('203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ ok: false, error: 'rate_limited', retryAfter: 600 });
    expect(limited.headers['retry-after']).toBe('600');
    // Another visitor behind the same trusted proxy has its own budget.
    expect((await send('198.51.100.7')).statusCode).toBe(201);
    // The newsletter has its own limit.
    expect((await postVia('10.0.0.1', '203.0.113.5', '/api/newsletter', { email: 'limit1@example.com' })).statusCode).toBe(201);
    expect((await postVia('10.0.0.1', '203.0.113.5', '/api/newsletter', { email: 'limit2@example.com' })).json()).toEqual({
      ok: false,
      error: 'rate_limited',
      retryAfter: 60,
    });
    // The page and the health check are never limited.
    const headers = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 5; i++) {
      expect((await form.app.inject({ url: '/', remoteAddress: '10.0.0.1', headers })).statusCode).toBe(404);
      expect((await form.app.inject({ url: '/api/health', remoteAddress: '10.0.0.1', headers })).statusCode).toBe(200);
    }
  });
  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    await start({ RATE_LIMIT_NEWSLETTER: '1/60' });
    const first = await postVia('192.0.2.9', '203.0.113.1', '/api/newsletter', { email: 'spoof@example.com' });
    expect(first.statusCode).not.toBe(429);
    // A different X-Forwarded-For does not buy a new budget: the peer address is what counts.
    const second = await postVia('192.0.2.9', '203.0.113.2', '/api/newsletter', { email: 'spoof@example.com' });
    expect(second.statusCode).toBe(429);
  });
});
