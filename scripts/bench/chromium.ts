/**
 * The Chromium of scripts/bench.ts is the browser tests' (e2e/helpers/browser.ts: CHROMIUM_PATH
 * and the flags that keep it headless and offline); here, its version for the report.
 */
import { execFileSync } from 'node:child_process';
import { CHROMIUM_PATH } from '../../e2e/helpers/browser';

/** "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)" → "Chromium 156.0.8078.79". */
export function chromiumVersion(): string {
  // Debian's wrapper script complains on stderr about its own environment checks: not ours to show.
  const output = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return /^\S+ [\d.]+/.exec(output.trim())?.[0] ?? output.trim();
}
