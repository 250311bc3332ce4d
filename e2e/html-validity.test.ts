import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { PAGE_IDS, pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';

/**
 * Every page's HTML conforms to the HTML standard, as html-validate's `standard` preset checks it
 * (offline): as the build writes it, and as it is once the browser has hydrated it and the visitor
 * has opened what opens (the mobile menu, an FAQ answer) and raised a notification.
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function errorsIn(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((result) => result.messages.map((message) => `${name} ${message.ruleId}: ${message.message} (${message.selector ?? ''})`));
}

/**
 * The Nu checker's lag, not the page's (TOOLCHAIN.md): CSS it does not know yet (@property,
 * margin-trim) and <link blocking="render"> on a preload.
 */
const checkerLag = (message: string) => message.startsWith('CSS: ') || message.startsWith('A “link” element with a “blocking” attribute');

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.html')).map((entry) => relative(dir, join(dir, entry)));
}

describe('HTML conformance', () => {
  it('every prerendered page is valid HTML', async () => {
    const files = await htmlFiles(staticDir);
    expect(files.length).toBeGreaterThanOrEqual(5);
    const errors = (await Promise.all(files.map(async (file) => errorsIn(await readFile(join(staticDir, file), 'utf8'), file)))).flat();
    expect(errors).toEqual([]);
  });

  it('every prerendered page passes the reference checker, the Nu HTML Checker (vnu)', async () => {
    const files = (await htmlFiles(staticDir)).map((file) => join(staticDir, file));
    const jar = join(createRequire(import.meta.url).resolve('vnu-jar'), '..', 'build', 'dist', 'vnu.jar');
    // vnu exits 1 when it reports anything; its JSON report is on stderr either way.
    const { stderr } = await promisify(execFile)('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stderr: string }) => ({ stderr: error.stderr }),
    );
    const messages = (JSON.parse(stderr) as { messages: { type: string; url: string; message: string; extract?: string }[] }).messages;
    const errors = messages
      .filter((m) => m.type === 'error' && !checkerLag(m.message))
      .map((m) => `${relative(staticDir, new URL(m.url).pathname)}: ${m.message} ${m.extract ?? ''}`);
    expect(messages.length).toBeGreaterThan(0); // it did read the pages (they carry the known CSS reports)
    expect(errors).toEqual([]);
  });

  it('every page stays valid once hydrated and used, on a phone and a desktop', async () => {
    const errors: string[] = [];
    for (const device of ['phone', 'desktop'] as const) {
      const { page, context } = await openPage(browser, device);
      for (const locale of LOCALES) {
        for (const pageId of PAGE_IDS) {
          const path = pagePath(pageId, locale);
          await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
          await waitForHydration(page);
          if (pageId === 'home') {
            await page.locator('[data-faq-item] h4 button').first().click();
            // A notification: the newsletter's "enter your address".
            await page.locator('#newsletter button[type="submit"]').click();
            await page.locator('[data-sonner-toast]').first().waitFor();
            if (device === 'phone') await page.locator('button[aria-controls="mobile-menu"]').click();
          }
          const html = await page.evaluate(() => `<!doctype html>\n${document.documentElement.outerHTML}`);
          errors.push(...(await errorsIn(html, `${device} ${path}`)));
        }
      }
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
