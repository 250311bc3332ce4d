import { describe, expect, it } from 'vitest';
import { ConfigError, loadServerConfig } from '.';
import { errorLines } from './config-fixtures';

/** The server's own settings: their defaults, every variable read, one line per bad one. */

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
});
