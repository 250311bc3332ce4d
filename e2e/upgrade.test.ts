import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScripts, inlineStyles } from '../scripts/prerender';
import type { ReleaseInfo } from '../scripts/release';
import { REPO_ROOT } from '../test/server-process';
import { STATS_BEACON_PATH } from '../src/contracts/stats';
import { type HttpsResponse, type RunningCaddy, httpsRequest, startCaddy } from './helpers/caddy';
import { launchBrowser } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

/**
 * An upgrade as the guide does it (docs/deploy.md, step 8): `npm run release`
 * builds the new release beside the running one and makes it current, then the service is
 * restarted, behind Caddy with the shipped Caddyfile. Throughout, a steady trickle of requests
 * and a real browser loading the page: not one error, every answer's Content-Security-Policy
 * allows that very answer's inline scripts and styles, no script blocked in the browser, and a
 * page opened before the upgrade keeps loading its code afterwards.
 */
const run = promisify(execFile);
const BRANDS = { A: 'Atelier Alpha', B: 'Atelier Beta' } as const;
const LATER = ['Atelier Gamma', 'Atelier Delta', 'Atelier Epsilon'];
let base: string;
let serverEnv: Record<string, string>;
let server: RunningServer;
let caddy: RunningCaddy;
let browser: Browser;

/** `npm run release`, as the administrator types it, for a firm named `brand` (a trial: `--trial`, no NODE_ENV=production). */
async function release(brand: string): Promise<ReleaseInfo> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
  await run('npm', ['run', '--silent', 'release', '--', '--trial', '--into', base], { cwd: REPO_ROOT, env: { ...clean, SITE_BRAND_NAME: brand } });
  const current = join(base, await readlink(join(base, 'current')));
  return JSON.parse(await readFile(join(current, 'release.json'), 'utf8')) as ReleaseInfo;
}

/** The service as atelier-ia.service starts it: in the release `current` leads to, with the unit's settings. */
const startService = (env: Record<string, string>) => startServer(env, { cwd: join(base, 'current') });

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const sources = (policy: string, directive: string) => new Set(new RegExp(`(?:^|; )${directive} ([^;]*)`).exec(policy)?.[1]?.split(' ') ?? []);

beforeAll(async () => {
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  // Inside the repository: a release's server-render bundle resolves its packages from there.
  base = await mkdtemp(join(REPO_ROOT, '.tmp', 'upgrade-'));
  await release(BRANDS.A);
  serverEnv = { STATIC_DIR: join(base, 'current', 'dist'), SQLITE_PATH: join(base, 'leads.sqlite'), DATABASE_URL: '', TRUST_PROXY: '127.0.0.1' };
  server = await startService(serverEnv);
  caddy = await startCaddy(server.port);
  browser = await launchBrowser(['--host-resolver-rules=MAP localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
});
afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await server?.stop();
  await rm(base, { recursive: true, force: true });
});

type Answer = { at: number; status: number; brand: string | undefined; problems: string[] };

/** One visit as a browser without scripts sees it, checked: the answer, its policy against its own inline code, its entry script. */
const get = (where: string) => httpsRequest({ port: caddy.httpsPort, path: where, ca: caddy.rootCertificate, headers: { 'accept-encoding': 'identity' } });

async function visit(path: string): Promise<Answer> {
  const at = Date.now();
  const page: HttpsResponse = await get(path).catch((error: Error) => ({ status: 0, headers: {}, body: Buffer.from(error.message) }));
  const html = page.body.toString();
  const problems: string[] = [];
  if (page.status !== 200) return { at, status: page.status, brand: undefined, problems: [`${path}: ${page.status} ${html.slice(0, 200)}`] };
  const policy = String(page.headers['content-security-policy'] ?? '');
  const [scripts, styles] = [sources(policy, 'script-src'), sources(policy, 'style-src')];
  for (const script of inlineScripts(html)) if (!scripts.has(sha256(script))) problems.push(`${path}: an inline script its policy blocks`);
  for (const style of inlineStyles(html)) if (!styles.has(sha256(style))) problems.push(`${path}: an inline style its policy blocks`);
  const entry = /\.src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const script = entry ? await get(entry).catch(() => undefined) : undefined;
  if (script?.status !== 200) problems.push(`${path}: its entry script ${entry} answered ${script?.status}`);
  const brand = Object.values(BRANDS).find((name) => html.includes(name));
  return { at, status: page.status, brand, problems };
}

describe('an upgrade under a steady trickle of requests', () => {
  it('switches releases with 0 errors, every policy matching its page, 0 blocked scripts in the browser', async () => {
    const answers: Answer[] = [];
    const browserLoads: Array<{ at: number; violations: string[]; errors: string[] }> = [];
    const state = { stop: false };

    const trickle = (async () => {
      for (let i = 0; !state.stop; i++) {
        answers.push(await visit(i % 2 === 0 ? '/' : '/fr/'));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const loads = (async () => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The figures' beacon is a post, and a post that meets the restart gets 503 (Caddy holds
        // only GETs; deploy/Caddyfile): that one view goes uncounted (docs/stats.md), the visitor
        // sees nothing. Any other failed load is an error.
        const where = message.location().url;
        if (where && new URL(where).pathname === STATS_BEACON_PATH) return;
        errors.push(`${message.text()} (${where || 'the page'})`);
      });
      while (!state.stop) {
        const at = Date.now();
        errors.length = 0;
        await page.goto(`https://localhost:${caddy.httpsPort}/`, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 20_000 });
        browserLoads.push({ at, violations: await page.evaluate(() => (window as unknown as { violations: string[] }).violations), errors: [...errors] });
      }
    })();

    // A visitor who opened the page from the first release and keeps it open.
    const openContext = await browser.newContext({ ignoreHTTPSErrors: true });
    const openPage = await openContext.newPage();
    await openPage.goto(`https://localhost:${caddy.httpsPort}/`, { waitUntil: 'load' });
    const first = JSON.parse(await readFile(join(base, 'current', 'release.json'), 'utf8')) as ReleaseInfo;
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // The new release is built beside the running one, and made current.
    const second = await release(BRANDS.B);
    const switchedAt = Date.now();
    expect(second.id).not.toBe(first.id);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The restart (systemctl restart atelier-ia): stop, then start from `current`, on the same port.
    const restartAt = Date.now();
    await server.stop();
    server = await startService({ ...serverEnv, PORT: String(server.port) });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    state.stop = true;
    await Promise.all([trickle, loads]);

    // Not one error, not one answer whose policy blocks its own inline code or whose script is missing.
    expect(answers.flatMap((answer) => answer.problems)).toEqual([]);
    expect(answers.length).toBeGreaterThan(40);
    // The first release until the restart (also after the switch: the running server keeps its
    // own), the second from then on, never back.
    const brands = answers.map((answer) => answer.brand);
    expect(brands.filter((brand, i) => brand !== brands[i - 1])).toEqual([BRANDS.A, BRANDS.B]);
    expect(answers.filter((answer) => answer.at > switchedAt && answer.at < restartAt).map((answer) => answer.brand)).toContain(BRANDS.A);
    // The two releases differ in their inline code, so a policy of one would block the other.
    const policies = await Promise.all([first.id, second.id].map((id) => readFile(join(base, 'releases', id, 'dist', 'csp.json'), 'utf8')));
    expect(policies[0]).not.toBe(policies[1]);

    // In the browser: loads from both releases, no violation, no error.
    expect(browserLoads.length).toBeGreaterThan(5);
    expect(browserLoads.filter((load) => load.at > restartAt).length).toBeGreaterThan(0);
    expect(browserLoads.flatMap((load) => [...load.violations, ...load.errors])).toEqual([]);

    // The page opened before the upgrade still finds every file of its release, and its form still posts.
    const code = first.assets.filter((asset) => /\.(js|css)$/.test(asset));
    const statuses = await openPage.evaluate(async (files) => Promise.all(files.map(async (file) => (await fetch(`/assets/${file}`)).status)), code);
    expect(statuses).toEqual(code.map(() => 200));
    // The form as a visitor sends it: its proof of work solved by the old release's worker.
    await openPage.getByLabel('Full Name').fill('Après');
    await openPage.getByLabel('Phone Number').fill('514 555 0100');
    await openPage.getByLabel('Email', { exact: true }).fill('apres@example.com');
    await openPage.getByLabel('Message or Inquiry').fill('Toujours là');
    const [posted] = await Promise.all([
      openPage.waitForResponse((response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST'),
      openPage.locator('#contact-form button[type="submit"]').click(),
    ]);
    expect(posted.status()).toBe(201);
    await openContext.close();
    await context.close();
  }, 300_000);

  it('three releases built without a restart leave the served one in place; its liveness fails once its site is gone', async () => {
    // The release the running server serves: the folder it was started in (the unit's WorkingDirectory=, through `current`).
    const served = basename(await readlink(`/proc/${server.process.pid}/cwd`));
    const before = await readdir(join(base, 'releases'));
    expect(before).toContain(served);
    const ids: string[] = [];
    for (const brand of LATER) ids.push((await release(brand)).id);

    // Kept: the served one (older than the three newest), the current one and the one it replaced.
    // Deleted: the older one nothing uses.
    expect((await readdir(join(base, 'releases'))).toSorted()).toEqual([served, ...ids].toSorted());
    expect(before.filter((id) => id !== served).length).toBeGreaterThan(0);
    const page = await get('/');
    expect({ status: page.status, brand: Object.values(BRANDS).find((name) => page.body.toString().includes(name)) }).toEqual({ status: 200, brand: BRANDS.B });
    expect((await fetch(`${server.url}/api/health?live`)).status).toBe(200);

    // Its site deleted under it (by hand, or by an older version of the release command): every
    // page would be a 404, so the probe Caddy asks says it cannot serve, and Caddy takes it out.
    await rm(join(base, 'releases', served, 'dist'), { recursive: true });
    const live = await fetch(`${server.url}/api/health?live`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 503, body: { ok: false, error: 'unavailable' } });
    await expect.poll(() => server.logs()).toContain('the site folder this server started with is gone');

    // The restart serves the current release.
    await server.stop();
    server = await startService({ ...serverEnv, PORT: String(server.port) });
    expect((await fetch(`${server.url}/api/health?live`)).status).toBe(200);
    expect((await fetch(`${server.url}/`).then((response) => response.text())).includes(LATER.at(-1)!)).toBe(true);
  }, 300_000);
});
