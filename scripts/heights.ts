/**
 * `npm run heights [-- --write]`: builds the site, measures how tall each section below the first
 * screen really is (scripts/lib/section-heights.ts) and prints it beside the page's estimate;
 * `--write` puts the measures into src/web/hydration/section-heights.json, which the page uses. e2e/section-heights.test.ts fails when
 * an estimate is further from its measure than the tolerance.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess } from '../test/server-process';
import { buildSite } from './build';
import { launchBrowser } from './lib/chromium';
import { HEIGHT_TOLERANCE, heightReport, measureSectionHeights } from './lib/section-heights';
import { buildServer } from './lib/server-bundle';

const MEASURES = join(REPO_ROOT, 'src', 'web', 'hydration', 'section-heights.json');

const write = process.argv.includes('--write');
const dir = join(REPO_ROOT, '.tmp', 'heights');
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
await Promise.all([buildSite(join(dir, 'dist'), { quiet: true }), buildServer()]);
const server = await startServerProcess({ STATIC_DIR: join(dir, 'dist'), SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '' });
const browser = await launchBrowser();
try {
  const measured = await measureSectionHeights(browser, `${server.url}/fr/`);
  const { lines, off } = heightReport(measured);
  console.log(`Estimated → measured height, French page (tolerance ${HEIGHT_TOLERANCE.ratio * 100} %, at least ${HEIGHT_TOLERANCE.minPx} px):`);
  for (const line of lines) console.log(`  ${line}`);
  if (write) {
    await writeFile(MEASURES, `${JSON.stringify(measured, null, 2)}\n`);
    console.log(`Written into ${MEASURES}.`);
  } else if (off.length > 0) {
    console.log(`Off: ${off.join(', ')}. npm run heights -- --write puts the measures into the registry.`);
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
}
