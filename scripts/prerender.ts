/**
 * Writes the prerendered site into the build folder: every page in every language (index.html,
 * fr/index.html, privacy/index.html, fr/confidentialite/index.html), 404.html, sitemap.xml and
 * robots.txt. The server-render bundle renders the markup, the boot script is inlined before first
 * paint, and csp.json lists the hashes the server's Content-Security-Policy must allow for the
 * pages' inline scripts (today the boot script alone, the same on every page).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSiteConfig } from '../src/config/site-schema';
import { withVoiceCsp } from '../src/server/voice-csp';

type ServerEntry = typeof import('../src/web/app/entry-server');

export async function prerender(outDir: string, serverEntryPath: string): Promise<string> {
  const entry = (await import(pathToFileURL(serverEntryPath).href)) as ServerEntry;
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  for (const marker of ['<html lang="en">', '<!--app-boot-->', '<!--app-head-->', '<!--app-html-->']) {
    if (!template.includes(marker)) throw new Error(`${outDir}/index.html has no ${marker}: was it built from index.html?`);
  }

  const scriptHashes = new Set<string>();
  const written: string[] = [];
  for (const { file, page } of entry.renderAll()) {
    const html = template
      .replace('<html lang="en">', `<html lang="${page.lang}" data-page="${page.page}">`)
      .replace('<!--app-boot-->', `<script>${entry.bootScript}</script>`)
      .replace('<!--app-head-->', page.head)
      .replace('<!--app-html-->', page.html);
    for (const script of inlineScripts(html)) scriptHashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), html);
    written.push(`${file} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
  for (const [file, text] of Object.entries(entry.crawlerFiles())) await writeFile(join(outDir, file), text);

  // The voice demo's third-party origins, only when this build has a Vapi key (src/server/voice-csp.ts).
  const cspExtras = withVoiceCsp({ 'script-src': [...scriptHashes], 'style-src': [] }, loadSiteConfig(process.env).vapi);
  await writeFile(join(outDir, 'csp.json'), `${JSON.stringify(cspExtras, null, 2)}\n`);
  return `prerendered ${written.join(', ')} in ${outDir}; CSP script hashes ${[...scriptHashes].join(' ')}`;
}

/**
 * The contents of the inline scripts a browser would run: not external ones (src=, covered by
 * 'self') and not data blocks such as JSON-LD, which are never executed and need no hash.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}
