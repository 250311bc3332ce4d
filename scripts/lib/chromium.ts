/**
 * The one Chromium of this project's browser tests, benchmarks and brand images: Debian's
 * /usr/bin/chromium (or CHROMIUM_PATH), driven by playwright-core, headless and offline.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** See shared/TOOLCHAIN.md: without the resolver rule Chromium still tries to reach Google hosts. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/**
 * `scrollbars`: classic scrollbars that take room, as on a desktop under Windows or Linux. Playwright
 * hides them in headless Chromium.
 */
export function launchBrowser(extraArgs: string[] = [], { scrollbars = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
}

/** "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)" → "Chromium 156.0.8078.79". */
export function chromiumVersion(): string {
  // Debian's wrapper script complains on stderr about its own environment checks: not ours to show.
  const output = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return /^\S+ [\d.]+/.exec(output.trim())?.[0] ?? output.trim();
}
