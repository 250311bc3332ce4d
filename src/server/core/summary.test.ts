import { describe, expect, it } from 'vitest';
import { TEST_WEBHOOK_SECRET, testConfig } from '../../../test/storage';
import { startupSummary } from './summary';

/** The summary `npm start` prints on a terminal (scripts/npm-scripts.test.ts runs it in one). */
describe('startup summary', () => {
  it('names the channels leads go to, never a password or a webhook token; the voice demo when it is configured', () => {
    const config = testConfig({
      HOST: '10.0.0.11',
      PORT: '8080',
      SMTP_URL: 'smtp://site:s3cret@mail.example.com:2525',
      NOTIFY_EMAIL_TO: 'ventes@levesque-ia.ca, direction@levesque-ia.ca',
      MAIL_FROM: 'Site <site@levesque-ia.ca>',
      WEBHOOK_URL: 'https://hooks.example.com/leads?token=abc123',
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      VAPI_PRIVATE_KEY: 'vapi-private-s3cret-key',
      VAPI_SERVER_SECRET: 'vapi-server-secret-for-summary-0123456789',
      VAPI_ASSISTANT_ID_FR: 'asst_fr',
      VAPI_ASSISTANT_ID_EN: 'asst_en',
      DATABASE_URL: 'postgres://atelier:p%40ss@db.internal/atelier',
    });
    const text = startupSummary(config, { storageOpen: true, color: false });
    expect(text).toContain("Atelier IA's site is running: http://10.0.0.11:8080/\n");
    expect(text).toContain(
      'leads go    e-mail to ventes@levesque-ia.ca, direction@levesque-ia.ca through mail.example.com:2525; webhook to https://hooks.example.com/leads\n',
    );
    expect(text).toContain('database    PostgreSQL, database atelier on db.internal:5432 as atelier\n');
    expect(text).toContain('voice demo  configured (the server places each call; assistants fr asst_fr, en asst_en)\n');
    for (const secret of ['s3cret', 'p%40ss', 'p@ss', 'abc123', 'whsec_', 'vapi-private']) expect(text).not.toContain(secret);
    expect(text).not.toContain('\u001B[');
  });
});
