/**
 * The one Chromium of scripts/bench.ts (Lighthouse and the long-task measurement share it): where
 * it is, the flags that keep it headless and offline (see /work/shared/TOOLCHAIN.md: without the
 * resolver rule it still tries to reach Google's hosts), and its version for the report.
 */
import { execFileSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)" → "Chromium 156.0.8078.79". */
export function chromiumVersion(): string {
  // Debian's wrapper script complains on stderr about its own environment checks: not ours to show.
  const output = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return /^\S+ [\d.]+/.exec(output.trim())?.[0] ?? output.trim();
}
