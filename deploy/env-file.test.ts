import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../src/config/address';
import { SITE_VARIABLES } from '../src/config/site-schema';
import { SERVER_VARIABLES, loadServerConfig } from '../src/server/core/config';
import { REPO_ROOT } from '../test/server-process';

/**
 * One configuration file, deploy/env.example installed as /etc/atelier-ia/env,
 * read by systemd (EnvironmentFile=) and by the build (`--config`, Node's parser), never by a
 * shell; a production build refuses the fictional identity.
 */
const run = promisify(execFile);
const EXAMPLE = join(REPO_ROOT, 'deploy', 'env.example');
let dir: string;
beforeAll(async () => {
  // Inside the repository: the build's server-render bundle resolves its packages from there.
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  dir = await mkdtemp(join(REPO_ROOT, '.tmp', 'env-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `npm run build -- <args>` as an administrator types it, with none of this shell's SITE_* settings. */
async function build(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
  return run('npm', ['run', '--silent', 'build', '--', ...args], { cwd: REPO_ROOT, env: { ...clean, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * The example as an administrator fills it in: the firm's own identity, values a shell would
 * choke on, and real values that happen to be the trial's (a firm named Atelier IA, in Montréal,
 * whose privacy officer is its présidente).
 */
const FIRM = {
  SITE_BRAND_NAME: '"Atelier IA"',
  SITE_URL: 'https://www.levesque-ia.ca',
  SITE_PHONE: '"+1 418 555-2368"',
  SITE_EMAIL: 'info@levesque-ia.ca',
  SITE_STREET: `'88 rue Saint-Paul Ouest, local "B-200"'`,
  SITE_CITY: '"Montréal"',
  SITE_POSTAL_CODE: '"H2Y 1Z7"',
  SITE_PRIVACY_OFFICER_NAME: `"Hélène D'Amours-Lévesque"`,
  SITE_PRIVACY_OFFICER_TITLE_FR: '"présidente"',
  SITE_PRIVACY_OFFICER_TITLE_EN: 'President',
  SITE_PRIVACY_OFFICER_EMAIL: 'vie-privee@levesque-ia.ca',
  SMTP_URL: 'smtp://site:s3cret@127.0.0.1:2525',
  NOTIFY_EMAIL_TO: 'ventes@levesque-ia.ca',
  MAIL_FROM: '"Site Lévesque IA <site@levesque-ia.ca>"',
};
const filledIn = (example: string) => example.replace(/^(\w+)=.*$/gm, (line, key: string) => (key in FIRM ? `${key}=${FIRM[key as keyof typeof FIRM]}` : line));

/**
 * Read by name in src/ or scripts/ but not for an administrator to set, so not in env.example:
 * each says who sets it. Anything else read so must be in the example.
 */
const DEVELOPER_SETTINGS = {
  SSR: "Vite's own flag (import.meta.env.SSR): true in the prerender",
  OUT_DIR: 'where `npm run build` writes the site, for tests that build beside the real one',
  BENCH_SECONDS: 'how long `npm run bench:api` loads each engine',
  BENCH_CALLS: 'how many calls `npm run bench:voice` places on each engine',
  BENCH_LEADS: 'how many leads `npm run bench:delivery` floods each engine with',
  CHROMIUM_PATH: 'where the benchmarks and browser tests find Chromium, when not /usr/bin/chromium',
};

describe('deploy/env.example', () => {
  it('names every variable the build and the server read, each once, in the format systemd and Node read alike', async () => {
    const lines = (await readFile(EXAMPLE, 'utf8')).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const names = lines.map((line) => line.split('=')[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.toSorted()).toEqual(['NODE_ENV', ...SITE_VARIABLES, ...SERVER_VARIABLES].toSorted());
    // VAR=value with no space, quote, #, $ or backslash; or VAR="..." / VAR='...' with no $ or backslash.
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=(?:[^\s"'#$\\`]*|"[^"$\\`]*"|'[^'$\\`]*')$/);
  });

  it('names every variable the code reads by name (src/, scripts/), but the few a developer sets for one run', async () => {
    const example = new Set((await readFile(EXAMPLE, 'utf8')).match(/^[A-Z][A-Z0-9_]*(?==)/gm));
    const read = new Map<string, string>();
    for (const folder of ['src', 'scripts']) {
      const files = (await readdir(join(REPO_ROOT, folder), { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
      for (const file of files) {
        const text = await readFile(join(REPO_ROOT, folder, file), 'utf8');
        // process.env.X, env.X, env?.X, env['X'] (a configuration reads its `env` argument so).
        for (const [, dotted, quoted] of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b|\benv\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\]/g))
          read.set((dotted ?? quoted)!, relative(REPO_ROOT, join(REPO_ROOT, folder, file)));
      }
    }
    expect(read.size).toBeGreaterThan(10);
    const missing = [...read].filter(([name]) => !example.has(name) && !(name in DEVELOPER_SETTINGS)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('a production build from the example as shipped refuses its placeholders and unset identity, one line per variable', async () => {
    const result = await build(['--config', EXAMPLE], { OUT_DIR: join(dir, 'refused') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "Refusing a production build (NODE_ENV=production) with the firm's identity left as placeholders:",
      '  SITE_BRAND_NAME: not set, so the fictional default (Atelier IA)',
      '  SITE_URL: https://www.example.com is at www.example.com, a domain reserved for examples',
      '  SITE_PHONE: +1 514-555-0142 is a number reserved for fiction (555-0100 to 555-0199)',
      '  SITE_EMAIL: bonjour@example.com is at example.com, a domain reserved for examples',
      '  SITE_STREET: 1250 rue Example, bureau 400 is the example address',
      '  SITE_CITY: not set, so the fictional default (Montréal)',
      '  SITE_POSTAL_CODE: not set, so the fictional default (H3B 0A1)',
      '  SITE_PRIVACY_OFFICER_NAME: not set, so the fictional default (Marie Tremblay)',
      '  SITE_PRIVACY_OFFICER_TITLE: not set, so the fictional default (présidente, President)',
      '  SITE_PRIVACY_OFFICER_EMAIL: confidentialite@example.com is at example.com, a domain reserved for examples',
      'Set them in the configuration file (deploy/env.example names every variable) and build again.',
    ]);
    await expect(readdir(join(dir, 'refused'))).rejects.toThrow(/ENOENT/);
  });

  it('a bad value stops the build before it starts, one line per variable, no stack trace', async () => {
    const result = await build([], { SITE_URL: 'not-a-url', SITE_EMAIL: 'foo', SITE_RETENTION_DAYS: '-3', OUT_DIR: join(dir, 'bad') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid site configuration:',
      "  SITE_URL: expected the site's address, e.g. https://www.example.com",
      '  SITE_EMAIL: expected an e-mail address, e.g. bonjour@example.com',
      '  SITE_RETENTION_DAYS: expected a whole number of days from 1 to 3650',
    ]);
  });

  it('a bad server setting stops the build before it starts too, so npm start says it at once instead of after a build', async () => {
    const result = await build([], { SMTP_URL: 'smtp://site@127.0.0.1:2525', REQUEST_TIMEOUT: 'soon', OUT_DIR: join(dir, 'bad-server') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid server configuration:',
      '  REQUEST_TIMEOUT: expected a duration such as 500ms, 30s, 15m, 48h or 2d',
      '  NOTIFY_EMAIL_TO: required when SMTP_URL is set (where lead e-mails go)',
      '  MAIL_FROM: required when SMTP_URL is set (a sender your SMTP server accepts)',
    ]);
    // Refused before either build began: no site written, no "Built in" line (a clock would say it
    // too, but a busy machine takes seconds to start npm and tsx alone).
    expect(result.stdout).toBe('');
    await expect(readdir(join(dir, 'bad-server'))).rejects.toThrow(/ENOENT/);
  });

  it('filled in by the firm, it builds a page that shows its values exactly (real ones equal to the trial’s too), and the server reads the same file', async () => {
    const envFile = join(dir, 'env');
    await writeFile(envFile, filledIn(await readFile(EXAMPLE, 'utf8')), { mode: 0o600 });
    const outDir = join(dir, 'site');
    const result = await build([`--config=${envFile}`], { OUT_DIR: outDir });
    expect(result.stderr).not.toContain('WARNING');
    expect(result.code).toBe(0);

    const page = decodeEntities(await readFile(join(outDir, 'fr', 'index.html'), 'utf8'));
    for (const value of [
      'Atelier IA',
      // The French page writes them as French does (no +1, a comma after the civic number).
      formatPhone('+1 418 555-2368', 'fr'),
      'info@levesque-ia.ca',
      '88, rue Saint-Paul Ouest, local "B-200"',
      'Montréal',
      'H2Y\u00a01Z7',
      'https://www.levesque-ia.ca/fr/',
    ])
      expect(page).toContain(value);
    const policy = decodeEntities(await readFile(join(outDir, 'fr', 'confidentialite', 'index.html'), 'utf8'));
    for (const value of ["Hélène D'Amours-Lévesque", 'présidente', 'vie-privee@levesque-ia.ca']) expect(policy).toContain(value);
    // The title as each language writes it (SITE_PRIVACY_OFFICER_TITLE_FR, _EN).
    const englishPolicy = decodeEntities(await readFile(join(outDir, 'privacy', 'index.html'), 'utf8'));
    expect(englishPolicy).toContain('President');
    expect(englishPolicy).not.toContain('présidente');

    const config = loadServerConfig(parseEnv(await readFile(envFile, 'utf8')));
    expect(config.notifications.email).toEqual({
      smtpUrl: 'smtp://site:s3cret@127.0.0.1:2525',
      to: ['ventes@levesque-ia.ca'],
      from: 'Site Lévesque IA <site@levesque-ia.ca>',
    });
    expect(config.site.brand).toBe('Atelier IA');
    expect(config.sqlitePath).toBe('/var/lib/atelier-ia/leads.sqlite');
  });

  it('a misspelled variable in the file is named with the closest one, one line, before anything else is said', async () => {
    const envFile = join(dir, 'env-misspelled');
    await writeFile(envFile, 'SMTP_URI=smtp://site:s3cret@127.0.0.1:2525\nSITE_URL=not-a-url\n', { mode: 0o600 });
    const result = await build(['--config', envFile], { OUT_DIR: join(dir, 'misspelled') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `${envFile}: SMTP_URI: not a variable the site or the server reads; did you mean SMTP_URL?`,
      'Invalid site configuration:',
      "  SITE_URL: expected the site's address, e.g. https://www.example.com",
    ]);
  });

  it('an env file that cannot be read is named, and nothing is built', async () => {
    const result = await build(['--config', join(dir, 'missing')], { OUT_DIR: join(dir, 'missing-site') });
    expect(result).toMatchObject({ code: 1, stderr: `--config: cannot read ${join(dir, 'missing')} (ENOENT)\n` });
  });
});

function decodeEntities(html: string): string {
  return html.replace(/&(#x[\da-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#') return String.fromCodePoint(entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" }[entity.toLowerCase()]!;
  });
}
