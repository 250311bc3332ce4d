/**
 * Writes the prerendered page into the build folder: the server-render bundle renders the markup,
 * the boot script is inlined before first paint, and csp.json lists the hash the server's
 * Content-Security-Policy must allow for that inline script.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSiteConfig } from '../src/config/site-schema';
import { withVoiceCsp } from '../src/server/voice-csp';

type ServerEntry = typeof import('../src/web/app/entry-server');

export async function prerender(outDir: string, serverEntryPath: string): Promise<string> {
  const entry = (await import(pathToFileURL(serverEntryPath).href)) as ServerEntry;
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  for (const marker of ['<!--app-boot-->', '<!--app-head-->', '<!--app-html-->']) {
    if (!template.includes(marker)) throw new Error(`${outDir}/index.html has no ${marker}: was it built from index.html?`);
  }

  const scriptHash = `'sha256-${createHash('sha256').update(entry.bootScript).digest('base64')}'`;
  const page = entry.render('en');
  const html = template
    .replace('<html lang="en">', `<html lang="${page.lang}">`)
    .replace('<!--app-boot-->', `<script>${entry.bootScript}</script>`)
    .replace('<!--app-head-->', page.head)
    .replace('<!--app-html-->', page.html);

  await writeFile(join(outDir, 'index.html'), html);
  // The voice demo's third-party origins, only when this build has a Vapi key (src/server/voice-csp.ts).
  const cspExtras = withVoiceCsp({ 'script-src': [scriptHash], 'style-src': [] }, loadSiteConfig(process.env).vapi);
  await writeFile(join(outDir, 'csp.json'), `${JSON.stringify(cspExtras, null, 2)}\n`);
  return `prerendered ${outDir}/index.html (${(html.length / 1024).toFixed(1)} KiB), CSP script hash ${scriptHash}`;
}
