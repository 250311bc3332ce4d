import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../../../scripts/lib/server-bundle';
import { freePort } from '../../../../test/postgres';
import { TEST_WEBHOOK_SECRET as SECRET } from '../../../../test/storage';
import { SITE_VARIABLES } from '../../../config/site-schema';
import { KNOWN_VARIABLES, SERVER_VARIABLES, loadServerConfig, noChannelWarning, unknownVariables } from '.';
import { errorLines } from './config-fixtures';

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
