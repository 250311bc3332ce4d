import { describe, expect, it } from 'vitest';
import { useFormApp } from '../../../test/form-app';
import { ENGINES, captureLogs, testConfig } from '../../../test/storage';
import { buildApp } from '../app';

/**
 * GET /api/health for supervisors and scripts (the database answers; since when e-mail to the firm
 * is failing, if it is: ../delivery/email-failing.test.ts with a real relay), and ?live for the proxy's
 * probe (this process answers, whatever the database says). Full disks: ../properties/full-disk.test.ts;
 * a site deleted under the server: ../plugins/static.test.ts.
 */
describe.each(ENGINES)('GET /api/health on %s', (engine) => {
  const form = useFormApp(engine);

  it('says since when e-mail to the firm is failing, and nothing more, still 200 (its status is the database’s)', async () => {
    const app = await form.start();
    const reason = "EENVELOPE Can't send mail - all recipients were rejected: 550 5.4.5 Daily user sending quota exceeded";
    const { since } = await form.store.deliveries.emailFailed({ reason, webhook: false });
    const failing = await app.inject({ url: '/api/health' });
    expect({ status: failing.statusCode, body: failing.json() }).toEqual({ status: 200, body: { ok: true, emailFailingSince: since } });
    await form.store.deliveries.emailDelivered();
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it('is ok while the database answers, 503 unavailable once it does not, while ?live stays ok', async () => {
    const app = await form.start();
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });

    await form.store.close();
    const down = await app.inject({ url: '/api/health' });
    expect({ status: down.statusCode, body: down.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    const live = await app.inject({ url: '/api/health?live' });
    expect({ status: live.statusCode, body: live.json() }).toEqual({ status: 200, body: { ok: true } });
  });
});

describe('GET /api/health without storage', () => {
  it('answers 503 not_configured, and ?live ok: the page is still served', async () => {
    // A path "inside" a regular file can never be created, even by root.
    const app = await buildApp({ config: testConfig({ SQLITE_PATH: '/etc/hostname/leads.sqlite' }), logger: captureLogs().logger });
    try {
      const health = await app.inject({ url: '/api/health' });
      expect({ status: health.statusCode, body: health.json() }).toEqual({ status: 503, body: { ok: false, error: 'not_configured' } });
      expect((await app.inject({ url: '/api/health?live' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});
