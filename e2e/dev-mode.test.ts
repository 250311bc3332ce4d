import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../test/postgres';
import { REPO_ROOT } from '../test/server-process';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';

/**
 * `npm run dev`, as a developer runs it after a fresh clone, in a real Chromium:
 * the same page as the build (every section, the title), hydrated without a React warning, and a
 * form that reaches the server `npm run dev` starts beside Vite.
 */
const baseUrl = inject('baseUrl');
let dir: string;
let dev: ChildProcess;
let devUrl: string;
let output = '';
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-dev-'));
  const port = await freePort();
  // The configuration the test build was made with: none of this shell's SITE_* or VAPI_* settings.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
  // PORT, as `PORT=5202 npm run dev` sets it (`-- --port` is tried below).
  dev = spawn('npm', ['run', 'dev'], {
    cwd: REPO_ROOT,
    detached: true,
    env: { ...clean, PORT: String(port), SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  devUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev not serving after 60 s:\n${output}`);
    if ((await fetch(`${devUrl}/`).catch(() => undefined))?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (dev?.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid!, 'SIGTERM');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

/** What a visitor sees of the page's structure: its title, its sections in order, its headings. */
const outline = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    lang: document.documentElement.lang,
    sections: [...document.querySelectorAll<HTMLElement>('[data-section]')].map((element) => element.dataset.section),
    headings: [...document.querySelectorAll('h1, h2, h3')].map((heading) => heading.textContent?.trim()),
  }));

describe('npm run dev', () => {
  it.each(['/', '/fr/'])('renders %s as the build does, every section, and hydrates it without a React warning', async (path) => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(`${devUrl}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
    const seen = await outline(page);

    const built = await openPage(browser, 'desktop', { url: `${baseUrl}${path}` });
    await waitForHydration(built.page);
    expect(seen).toEqual(await outline(built.page));
    expect(seen.title).not.toBe('');
    expect(seen.sections).toEqual(expect.arrayContaining(['services', 'benefits', 'testimonials', 'delivery', 'banner']));
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await built.context.close();
    await context.close();
  });

  it('sends the contact form to the server it started: answered, stored', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop', { url: devUrl });
    await waitForHydration(page);
    await page.getByLabel('Full Name').fill('Dev Tremblay');
    await page.getByLabel('Phone Number').fill('514-555-0199');
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Message or Inquiry').fill('From the dev server.');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(201);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Message sent successfully!' }).waitFor();
    const database = new Database(join(dir, 'leads.sqlite'), { readonly: true });
    expect(database.prepare('select name, message from contact_submissions').all()).toEqual([{ name: 'Dev Tremblay', message: 'From the dev server.' }]);
    database.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('listens where asked: PORT (above), or --port, which wins; a bad argument is one line and the usage', async () => {
    const port = await freePort();
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
    const other = spawn('npm', ['run', '--silent', 'dev', '--', '--port', String(port)], {
      cwd: REPO_ROOT,
      detached: true,
      env: { ...clean, PORT: String(await freePort()), SQLITE_PATH: join(dir, 'other.sqlite'), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    other.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = new Promise((resolve) => other.once('exit', resolve));
    try {
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.status, { timeout: 60_000, interval: 200 }).toBe(200);
      // Vite prints the address after it listens, coloured where CI is set (picocolors): read it as a terminal shows it.
      await expect.poll(() => stripVTControlCharacters(said), { timeout: 10_000 }).toContain(`http://127.0.0.1:${port}/`);
    } finally {
      process.kill(-other.pid!, 'SIGTERM');
      await exited;
    }
    const bad = await promisify(execFile)('npm', ['run', '--silent', 'dev', '--', '--prot', '5202'], { cwd: REPO_ROOT, env: clean }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(bad).toMatchObject({
      code: 2,
      stderr:
        'unexpected arguments: --prot 5202\nUsage: npm run dev [-- --port N] [-- --config FILE]   (PORT=N npm run dev also sets the port; default 5173)\n',
    });
  });
});
