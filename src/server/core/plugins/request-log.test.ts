import { describe, expect, it } from 'vitest';
import { useFormApp, VALID_CONTACT } from '../../../../test/form-app';
import { ENGINES, captureLogs } from '../../../../test/storage';

/** One line per request, never what a visitor wrote nor a whole e-mail address. */
describe.each(ENGINES)('the request log on %s', (engine) => {
  const { start, post } = useFormApp(engine);

  it('logs one line per request without message text or full e-mail addresses', async () => {
    const logs = captureLogs();
    await start({}, { logger: logs.logger });
    await post('/api/contact', { ...VALID_CONTACT, email: 'secret.person@example.org', message: 'Confidential budget: 48000' });
    await post('/api/newsletter', { email: 'other.person@example.org' });
    await post('/api/newsletter', { email: 'other.person@example.org' });
    await post('/api/contact', '{"message": "Confidential budget: 48000", broken', { 'content-type': 'application/json' });

    const text = logs.text();
    expect(text).not.toContain('Confidential');
    expect(text).not.toContain('secret.person@');
    expect(text).not.toContain('other.person@');
    // The posts' own lines (each post fetched its proof-of-work challenge first).
    const requestLines = logs.lines().filter((line) => line.msg === 'request' && line.method === 'POST');
    expect(requestLines.map((line) => line.status)).toEqual([201, 201, 409, 400]);
    expect(requestLines[0]).toMatchObject({ method: 'POST', path: '/api/contact', reqId: expect.any(String), responseTime: expect.any(Number) });
  });
});
