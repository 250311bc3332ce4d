import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../../../scripts/lib/server-bundle';
import { freePort } from '../../../../test/postgres';
import { TEST_WEBHOOK_SECRET as SECRET } from '../../../../test/storage';
import { SITE_VARIABLES } from '../../../config/site-schema';
import { HOUR_MS } from '../time';
import { ConfigError, KNOWN_VARIABLES, SERVER_VARIABLES, WEBHOOK_SECRET_HINT, loadServerConfig, noChannelWarning, unknownVariables } from '.';

/** The lines of the configuration error, or [] when the environment is accepted. */
function errorLines(env: Record<string, string>): string[] {
  try {
    loadServerConfig(env);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
}

const webhook = (secret: string) => errorLines({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: secret });

describe('loadServerConfig', () => {
  it('has working defaults', () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      trustProxy: [],
      rateLimits: {
        contact: { max: 5, windowSeconds: 600 },
        newsletter: { max: 10, windowSeconds: 600 },
        challenge: { max: 30, windowSeconds: 600 },
        links: { max: 20, windowSeconds: 600 },
      },
      proofOfWork: { required: true, maxAttempts: 500 },
      caps: {
        submissionsPerNetworkPerDay: 100,
        storageReserveBytes: 500 * 1024 ** 2,
        notificationsPerMinute: 20,
        notificationsPerNetworkPerHour: 5,
        confirmationsPerDomainPerHour: 20,
      },
      requestTimeouts: { headersMs: 10_000, requestMs: 30_000 },
      logLevel: 'info',
    });
    expect(config.sqlitePath).toMatch(/\/data\/leads\.sqlite$/);
    expect(config.staticDir).toMatch(/\/dist$/);
  });

  it('reads every variable and treats empty strings as unset', () => {
    const config = loadServerConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db/leads',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1',
      RATE_LIMIT_CONTACT: '100/60',
      RATE_LIMIT_NEWSLETTER: '',
      LOG_LEVEL: 'warn',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db/leads',
      trustProxy: ['10.0.0.1', '192.168.0.0/16', 'loopback', '::1'],
      rateLimits: { contact: { max: 100, windowSeconds: 60 }, newsletter: { max: 10, windowSeconds: 600 } },
      logLevel: 'warn',
    });
  });

  it('fails with one line per bad variable', () => {
    let error: unknown;
    try {
      loadServerConfig({ PORT: 'eighty', TRUST_PROXY: '10.0.0.0/40,proxy.local', RATE_LIMIT_CONTACT: '5', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n').slice(1);
    expect(lines).toEqual([
      expect.stringMatching(/^ {2}PORT: /),
      '  TRUST_PROXY: not an IP address or CIDR range: 10.0.0.0/40, proxy.local',
      '  RATE_LIMIT_CONTACT: expected "<max>/<seconds>", e.g. "5/600"',
      '  LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('refuses at start-up a TRUST_PROXY entry Fastify would crash on', () => {
    expect(errorLines({ TRUST_PROXY: '0.0.0.0/0, 10.0.0.0/255.0.255.0, 10.0.0.0/255.255.0.0, fd00::/8' })).toEqual([
      '  TRUST_PROXY: not an IP address or CIDR range: 0.0.0.0/0, 10.0.0.0/255.0.255.0',
    ]);
  });

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

  it('reads the voice demo at start-up: the private key the server places calls with, or nothing', () => {
    expect(loadServerConfig({}).voice).toEqual({
      privateKey: undefined,
      apiBaseUrl: undefined,
      assistantIds: {},
      rateLimit: { max: 3, windowSeconds: 600 },
      minutesPerDay: 300,
      maxConcurrent: 10,
      maxCallSeconds: 180,
      leads: undefined,
      callRetentionDays: 30,
    });
    const configured = loadServerConfig({
      VAPI_PRIVATE_KEY: ' private ',
      VAPI_API_BASE_URL: 'https://vapi-proxy.example/',
      VAPI_ASSISTANT_ID_FR: 'asst-fr',
      VAPI_ASSISTANT_ID_EN: '',
      RATE_LIMIT_VOICE: '2/60',
      VAPI_SERVER_SECRET: 'vapi-server-secret-0123456789abcdef',
      VOICE_MINUTES_PER_DAY: '25',
      VOICE_MAX_CONCURRENT: '4',
      VOICE_MAX_CALL_SECONDS: '240',
      VAPI_CALL_RETENTION_DAYS: '0',
    }).voice;
    expect(configured).toEqual({
      privateKey: 'private',
      apiBaseUrl: 'https://vapi-proxy.example',
      assistantIds: { fr: 'asst-fr' },
      rateLimit: { max: 2, windowSeconds: 60 },
      minutesPerDay: 25,
      maxConcurrent: 4,
      maxCallSeconds: 240,
      leads: { serverSecret: 'vapi-server-secret-0123456789abcdef', keepTranscript: false },
      callRetentionDays: 0,
    });
  });

  it('refuses a voice demo that could not place a call, the public key and the old variables, one line each', () => {
    expect(errorLines({ VAPI_PRIVATE_KEY: 'private', VAPI_ASSISTANT_ID: 'asst' })).toEqual([
      '  VAPI_ASSISTANT_ID: no longer read; replaced by VAPI_ASSISTANT_ID_FR and VAPI_ASSISTANT_ID_EN, one assistant per language (`npm run voice:sync` prints both; docs/voice.md)',
      "  VAPI_SERVER_SECRET: required when the voice demo is on: the day's minutes are counted from the calls Vapi reports to /api/voice/events (docs/voice.md)",
    ]);
    expect(errorLines({ VOICE_CALLS_PER_DAY: '100' })).toEqual([
      '  VOICE_CALLS_PER_DAY: no longer read; a count of keys handed out let anyone spend the day without calling; replaced by VOICE_MINUTES_PER_DAY (minutes of calls Vapi reports) and VOICE_MAX_CONCURRENT (docs/voice.md)',
    ]);
    // The public-key mode is gone: the server says so and what to use instead.
    expect(errorLines({ VAPI_PUBLIC_KEY: 'public', VAPI_ASSISTANT_ID_EN: 'asst-en', VAPI_SERVER_SECRET: 'vapi-server-secret-0123456789abcdef' })).toEqual([
      '  VAPI_PUBLIC_KEY: no longer read; the server now places every demo call with VAPI_PRIVATE_KEY (the browser holds no Vapi key, and a public key let anyone start calls outside the limits): set VAPI_PRIVATE_KEY and remove VAPI_PUBLIC_KEY (docs/voice.md)',
      '  VAPI_ASSISTANT_ID_EN: set, but VAPI_PRIVATE_KEY is not: no call could be placed',
    ]);
    expect(errorLines({ VAPI_ORG_ID: 'org-1' })).toEqual([
      '  VAPI_ORG_ID: no longer read; no longer needed: the server places the calls with VAPI_PRIVATE_KEY alone (docs/voice.md)',
    ]);
    expect(errorLines({ RATE_LIMIT_VOICE: '3', VOICE_MINUTES_PER_DAY: '0', VOICE_MAX_CONCURRENT: '0', VOICE_MAX_CALL_SECONDS: '5' })).toEqual([
      '  RATE_LIMIT_VOICE: expected "<max>/<seconds>", e.g. "5/600"',
      '  VOICE_MINUTES_PER_DAY: expected a whole number from 1 to 1000000',
      '  VOICE_MAX_CONCURRENT: expected a whole number from 1 to 10000',
      '  VOICE_MAX_CALL_SECONDS: expected a whole number from 10 to 43200',
    ]);
    // Days a call's record stays at Vapi: negative, a fraction, words or past the figures' own most stop the server.
    for (const value of ['-1', '1.5', 'thirty', '761', '1e9']) {
      expect({ value, lines: errorLines({ VAPI_CALL_RETENTION_DAYS: value }) }).toEqual({
        value,
        lines: ['  VAPI_CALL_RETENTION_DAYS: expected a whole number from 0 to 760'],
      });
    }
    expect(loadServerConfig({ VAPI_CALL_RETENTION_DAYS: '760' }).voice.callRetentionDays).toBe(760);
  });

  it('takes callback requests with a long VAPI_SERVER_SECRET, and keeps transcripts only when asked to', () => {
    const secret = 'x'.repeat(31) + 'Y';
    expect(loadServerConfig({ VAPI_SERVER_SECRET: ` ${secret} ` }).voice.leads).toEqual({ serverSecret: secret, keepTranscript: false });
    expect(loadServerConfig({ VAPI_SERVER_SECRET: secret, VOICE_LEAD_TRANSCRIPT: 'on' }).voice.leads).toEqual({ serverSecret: secret, keepTranscript: true });
    expect(loadServerConfig({ VOICE_LEAD_TRANSCRIPT: 'off' }).voice.leads).toBeUndefined();
    expect(errorLines({ VAPI_SERVER_SECRET: 'short', VOICE_LEAD_TRANSCRIPT: 'yes' })).toEqual([
      '  VAPI_SERVER_SECRET: expected 32 to 256 printable characters without spaces, e.g. the output of: openssl rand -base64 32',
      '  VOICE_LEAD_TRANSCRIPT: expected on or off',
    ]);
    expect(errorLines({ VAPI_SERVER_SECRET: `${secret} with spaces` })).toHaveLength(1);
    expect(errorLines({ VAPI_SERVER_SECRET: secret, VAPI_PRIVATE_KEY: secret })).toEqual([
      '  VAPI_SERVER_SECRET: must not be VAPI_PRIVATE_KEY (Vapi sends it with every request to this server): make another one',
    ]);
    expect(errorLines({ VOICE_LEAD_TRANSCRIPT: 'on' })).toEqual([
      '  VOICE_LEAD_TRANSCRIPT: set, but VAPI_SERVER_SECRET is not: the agent takes no callback requests to keep a transcript with',
    ]);
  });
});

/** Whether production would warn that no one is told of new leads, for this environment. */
const warning = (env: Record<string, string>) => noChannelWarning(env, loadServerConfig(env));

/** The compiled server started as production starts it: what it says until it listens (then it is stopped). */
const startNode = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], { env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Up: it has said everything it says at start-up.
      if (stdout.includes('Server listening at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('what the server refuses or warns of at start-up, one line each', () => {
  it('refuses a DATABASE_URL that is not a PostgreSQL URL, instead of trying it for ever', () => {
    const expected = ['  DATABASE_URL: expected postgres://user:password@host:5432/database (or postgresql://), special characters in the password %-encoded'];
    for (const url of ['garbage', 'mysql://app:secret@db/leads', 'postgres://app:pa#ss@db/leads']) expect(errorLines({ DATABASE_URL: url })).toEqual(expected);
    for (const url of ['postgres://app@db/leads', 'postgresql://app:p%40ss@db.internal:5433/leads', 'postgres:///leads?host=/run/postgresql'])
      expect(errorLines({ DATABASE_URL: url })).toEqual([]);
  });

  it('warns of a misspelled variable, naming the closest one, from the names the schemas declare', () => {
    expect(unknownVariables(['SMTP_URI', 'DATABASE_URI', 'SITE_PHONE_NUMBER', 'PATH', 'HOME', 'HOSTNAME', 'npm_config_cache', 'NODE_ENV', 'SMTP_URL'])).toEqual(
      [
        'SMTP_URI: not a variable the site or the server reads; did you mean SMTP_URL?',
        'DATABASE_URI: not a variable the site or the server reads; did you mean DATABASE_URL?',
        'SITE_PHONE_NUMBER: not a variable the site or the server reads; did you mean SITE_PHONE?',
      ],
    );
    // One source: every variable of the site's and the server's schemas is known, nothing else is in a file.
    expect(KNOWN_VARIABLES).toEqual(expect.arrayContaining([...SITE_VARIABLES, ...SERVER_VARIABLES]));
    expect(unknownVariables([...SITE_VARIABLES, ...SERVER_VARIABLES, 'NODE_ENV'], { all: true })).toEqual([]);
    expect(unknownVariables(['PATH', 'smtp_url'], { all: true })).toEqual([
      'PATH: not a variable the site or the server reads',
      'smtp_url: not a variable the site or the server reads; did you mean SMTP_URL?',
    ]);
  });

  it('warns in production when no one is told of new leads, unless NOTIFY=none says it is meant', () => {
    expect(warning({ NODE_ENV: 'production' })).toBe(
      'NOTIFY: no notification channel (SMTP_URL, WEBHOOK_URL): new leads are stored and nobody is told; set one, or NOTIFY=none if that is meant',
    );
    expect(warning({ NODE_ENV: 'production', NOTIFY: 'none' })).toBeUndefined();
    expect(warning({ NODE_ENV: 'production', WEBHOOK_URL: 'https://crm.example.com/hook', WEBHOOK_SECRET: SECRET })).toBeUndefined();
    expect(warning({})).toBeUndefined();
    expect(errorLines({ NOTIFY: 'nobody' })).toEqual(['  NOTIFY: expected none (no e-mail, no webhook, on purpose), or nothing']);
    expect(errorLines({ NOTIFY: 'none', WEBHOOK_URL: 'https://crm.example.com/hook', WEBHOOK_SECRET: SECRET })).toEqual([
      '  NOTIFY: none, but WEBHOOK_URL is set: leave NOTIFY unset to be told of leads',
    ]);
  });

  it('the server process: a bad DATABASE_URL or SITE_EMAIL stops it in a line; a misspelling and no channel are warned of, once each', async () => {
    expect(await startNode({ DATABASE_URL: 'garbage' })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Invalid server configuration:\n  DATABASE_URL: expected postgres://user:password@host:5432/database (or postgresql://), special characters in the password %-encoded\n',
    });
    // The site's address by the forms' rule: one a relay would refuse stops it too.
    expect(await startNode({ SITE_EMAIL: 'x@mail.example.' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Invalid site configuration:\n  SITE_EMAIL: expected an e-mail address, e.g. bonjour@example.com\n',
    });
    const dir = await mkdtemp(join(tmpdir(), 'config-start-'));
    try {
      const started = await startNode({
        PORT: String(await freePort()),
        SQLITE_PATH: join(dir, 'leads.sqlite'),
        STATIC_DIR: dir,
        SMTP_URI: 'smtp://mail.example.com',
      });
      const warnings = started.stdout
        .split('\n')
        .filter((line) => line.includes('"level":40'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(warnings).toEqual([
        'SMTP_URI: not a variable the site or the server reads; did you mean SMTP_URL?',
        'NOTIFY: no notification channel (SMTP_URL, WEBHOOK_URL): new leads are stored and nobody is told; set one, or NOTIFY=none if that is meant',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
