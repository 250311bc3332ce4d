import { describe, expect, it } from 'vitest';
import { TEST_WEBHOOK_SECRET as SECRET } from '../../../../test/storage';
import { HOUR_MS } from '../time';
import { WEBHOOK_SECRET_HINT, loadServerConfig } from '.';
import { errorLines } from './config-fixtures';

/**
 * How the firm is told of leads: its addresses, the e-mail and webhook channels, their delivery,
 * and the caps and variables checked with them.
 */

const webhook = (secret: string) => errorLines({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: secret });

describe('loadServerConfig', () => {
  it("takes the firm's addresses by the forms' rule, so a relay refuses none of them later", () => {
    const mail = { SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Site Atelier IA <site@firm.example>' };
    expect(errorLines({ ...mail, NOTIFY_EMAIL_TO: 'ventes@firm.example' })).toEqual([]);
    expect(errorLines({ ...mail, NOTIFY_EMAIL_TO: 'ventes@firm.example, x@mail.example.' })).toEqual([
      '  NOTIFY_EMAIL_TO: not an e-mail address: x@mail.example.',
    ]);
    expect(errorLines({ ...mail, NOTIFY_EMAIL_TO: 'ventes@firm.example', MAIL_FROM: 'Site <site@firm.example.>' })).toEqual([
      '  MAIL_FROM: expected an address, e.g. "Atelier IA <leads@example.com>"',
    ]);
    // The site's public addresses too: the page would show them, and the firm be written to there.
    expect(errorLines({ SITE_EMAIL: 'x@mail.example.' })).toEqual(['  SITE_EMAIL: expected an e-mail address, e.g. bonjour@example.com']);
    expect(errorLines({ SITE_PRIVACY_OFFICER_EMAIL: 'dpo@firm.example.' })).toEqual([
      '  SITE_PRIVACY_OFFICER_EMAIL: expected an e-mail address, e.g. bonjour@example.com',
    ]);
    expect(errorLines({ SITE_EMAIL: 'bonjour@firm.example', SITE_PRIVACY_OFFICER_EMAIL: 'dpo@firm.example' })).toEqual([]);
  });

  it('reads the lead notification channels and delivery settings', () => {
    expect(loadServerConfig({}).notifications).toEqual({
      email: undefined,
      webhook: undefined,
      noneMeant: false,
      newsletter: false,
      firmLocale: 'fr',
      timeZone: 'America/Toronto',
    });
    const config = loadServerConfig({
      SMTP_URL: 'smtps://leads:p%40ss@mail.example.com:465',
      NOTIFY_EMAIL_TO: 'ventes@firm.example, direction@firm.example',
      MAIL_FROM: 'Site Atelier IA <site@firm.example>',
      WEBHOOK_URL: 'https://hooks.example.com/catch/123',
      WEBHOOK_SECRET: SECRET,
      NOTIFY_NEWSLETTER: 'true',
      FIRM_LOCALE: 'en',
      FIRM_TIME_ZONE: 'America/Vancouver',
      DELIVERY_MAX_AGE: '2d',
      DELIVERY_RETRY_BASE: '500ms',
      DELIVERY_TIMEOUT: '10s',
      DELIVERY_LEASE: '1m',
    });
    expect(config.notifications).toEqual({
      email: {
        smtpUrl: 'smtps://leads:p%40ss@mail.example.com:465',
        to: ['ventes@firm.example', 'direction@firm.example'],
        from: 'Site Atelier IA <site@firm.example>',
      },
      webhook: { url: 'https://hooks.example.com/catch/123', secret: SECRET },
      noneMeant: false,
      newsletter: true,
      firmLocale: 'en',
      timeZone: 'America/Vancouver',
    });
    expect(config.delivery).toEqual({
      maxAttempts: 100,
      maxAgeMs: 172_800_000,
      retryBaseMs: 500,
      retryMaxMs: HOUR_MS,
      timeoutMs: 10_000,
      leaseMs: 60_000,
      pollMs: 5_000,
      batchSize: 10,
    });
  });

  it('takes webhook secrets in the Standard Webhooks format only, saying what is wrong with another', () => {
    expect(webhook(SECRET)).toEqual([]);
    // Svix's own example secret: 24 bytes, the shortest the specification allows.
    expect(webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toEqual([]);
    expect(webhook('a-long-random-password-of-the-old-kind')).toEqual([`  WEBHOOK_SECRET: expected ${WEBHOOK_SECRET_HINT}; it does not start with whsec_`]);
    expect(webhook('whsec_not base64!')).toEqual([`  WEBHOOK_SECRET: expected ${WEBHOOK_SECRET_HINT}; what follows whsec_ is not base64`]);
    expect(webhook(`whsec_${Buffer.alloc(16, 7).toString('base64')}`)).toEqual([`  WEBHOOK_SECRET: expected ${WEBHOOK_SECRET_HINT}; it holds 16 bytes`]);
    expect(webhook(`whsec_${Buffer.alloc(65, 7).toString('base64')}`)).toEqual([`  WEBHOOK_SECRET: expected ${WEBHOOK_SECRET_HINT}; it holds 65 bytes`]);
    // The message says how to make a good one.
    expect(WEBHOOK_SECRET_HINT).toContain("randomBytes(32).toString('base64')");
  });

  it('refuses a half-configured notification channel, one line per variable', () => {
    expect(errorLines({ SMTP_URL: 'smtp://mail.example.com:587', WEBHOOK_URL: 'https://hooks.example.com/x' })).toEqual([
      '  NOTIFY_EMAIL_TO: required when SMTP_URL is set (where lead e-mails go)',
      '  MAIL_FROM: required when SMTP_URL is set (a sender your SMTP server accepts)',
      '  WEBHOOK_SECRET: required when WEBHOOK_URL is set (the receiver checks signatures with it)',
    ]);
    expect(errorLines({ NOTIFY_EMAIL_TO: 'ventes@firm.example', WEBHOOK_SECRET: SECRET })).toEqual([
      '  NOTIFY_EMAIL_TO: set, but SMTP_URL is not: no e-mail would be sent',
      '  WEBHOOK_SECRET: set, but WEBHOOK_URL is not: no webhook would be sent',
    ]);
    expect(
      errorLines({
        SMTP_URL: 'mail.example.com',
        NOTIFY_EMAIL_TO: 'ventes',
        MAIL_FROM: 'x',
        WEBHOOK_URL: 'ftp://x',
        WEBHOOK_SECRET: 'short',
        FIRM_LOCALE: 'de',
        DELIVERY_POLL: '5',
      }),
    ).toEqual([
      '  SMTP_URL: expected smtp://user:password@host:587 or smtps://...',
      '  NOTIFY_EMAIL_TO: not an e-mail address: ventes',
      '  MAIL_FROM: expected an address, e.g. "Atelier IA <leads@example.com>"',
      '  WEBHOOK_URL: expected an http:// or https:// URL',
      `  WEBHOOK_SECRET: expected ${WEBHOOK_SECRET_HINT}; it does not start with whsec_`,
      '  FIRM_LOCALE: expected one of en, fr',
      '  DELIVERY_POLL: expected a duration such as 500ms, 30s, 15m, 48h or 2d',
    ]);
    // The firm's campaigns, as the page counts them; nothing else.
    expect(errorLines({ STATS_CAMPAIGNS: 'printemps-2026, Automne 2026' })).toEqual([
      '  STATS_CAMPAIGNS: not a campaign as counted (lower-case letters, digits, - and _, at most 32): Automne 2026',
    ]);
    expect(loadServerConfig({ STATS_CAMPAIGNS: ' printemps-2026 ,automne-2026,' }).stats.campaigns).toEqual(['printemps-2026', 'automne-2026']);
    expect(loadServerConfig({}).stats.campaigns).toEqual([]);
    expect(
      errorLines({
        SUBMISSIONS_PER_NETWORK_PER_DAY: '0',
        STORAGE_RESERVE: '500',
        NOTIFICATIONS_PER_MINUTE: 'many',
        PROOF_OF_WORK: 'no',
        PROOF_OF_WORK_ATTEMPTS: '1',
      }),
    ).toEqual([
      '  PROOF_OF_WORK: expected on or off',
      '  PROOF_OF_WORK_ATTEMPTS: expected a whole number from 2 to 100000000',
      '  SUBMISSIONS_PER_NETWORK_PER_DAY: expected a whole number from 1 to 100000000',
      '  STORAGE_RESERVE: expected a size such as 500MB or 2GB (or 0 for none)',
      '  NOTIFICATIONS_PER_MINUTE: expected a whole number from 1 to 100000',
    ]);
    expect(loadServerConfig({ STORAGE_RESERVE: '2GB' }).caps.storageReserveBytes).toBe(2 * 1024 ** 3);
    expect(loadServerConfig({ STORAGE_RESERVE: '0' }).caps.storageReserveBytes).toBe(0);
    expect(loadServerConfig({ PROOF_OF_WORK: 'off' }).proofOfWork.required).toBe(false);
    // A variable an older release read is named, with what replaced it, rather than silently ignored.
    expect(errorLines({ SUBMISSIONS_PER_MINUTE: '60' })).toEqual([
      '  SUBMISSIONS_PER_MINUTE: no longer read; a cap on valid posts let any flood silence the form; see PROOF_OF_WORK, SUBMISSIONS_PER_NETWORK_PER_DAY and NOTIFICATIONS_PER_MINUTE (docs/security.md)',
    ]);
    // One count over all sources let one stranger refuse every lead: refused at start, saying what replaced it.
    expect(errorLines({ SUBMISSIONS_PER_DAY: '5000' })).toEqual([
      '  SUBMISSIONS_PER_DAY: no longer read; one count over all sources let any flood switch lead capture off; replaced by SUBMISSIONS_PER_NETWORK_PER_DAY (each network its own) and STORAGE_RESERVE (free disk kept) (docs/security.md)',
    ]);
    expect(errorLines({ HEADERS_TIMEOUT: '1m' })).toEqual(['  HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT (the headers are part of the request)']);
    expect(errorLines({ DELIVERY_TIMEOUT: '2m' })).toEqual([
      '  DELIVERY_LEASE: must be longer than DELIVERY_TIMEOUT, or a slow delivery could be taken and sent again by another instance',
    ]);
  });
});
