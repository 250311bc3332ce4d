import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_OUT_DIR } from '../../../scripts/lib/server-bundle';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { freshStorage } from '../../../test/storage';

/**
 * react-dom/server, which writes the server's e-mails and pages (./html.ts), costs the compiled
 * server no memory until its first page or e-mail: it is a chunk of its own (built by
 * test/global-server-build.ts), loaded by import() when first needed.
 */

/** React DOM's server renderer, as its licence comment names it in the bundle. */
const RENDERER = 'react-dom-server.node.production.js';

describe('react-dom/server in the compiled server', () => {
  it('is not in the file the server starts with, but in a chunk it imports when first needed', async () => {
    const server = await readFile(SERVER_ENTRY, 'utf8');
    expect(server).not.toContain(RENDERER);
    const chunks = (await readdir(join(SERVER_OUT_DIR, 'chunks'))).filter((name) => name.endsWith('.js'));
    const withRenderer: string[] = [];
    for (const name of chunks) if ((await readFile(join(SERVER_OUT_DIR, 'chunks', name), 'utf8')).includes(RENDERER)) withRenderer.push(name);
    expect(withRenderer.length).toBeGreaterThan(0);
    expect(withRenderer.some((name) => server.includes(`import("./chunks/${name}")`))).toBe(true);
  });

  it('renders a page once loaded: a newsletter link that is not valid gets its page, in French and English', async () => {
    const storage = await freshStorage('sqlite');
    let running: ServerProcess | undefined;
    try {
      running = await startServerProcess(storage.env);
      for (const attempt of [1, 2]) {
        const response = await fetch(`${running.url}/newsletter/unsubscribe?s=1&t=not-a-signature`);
        const html = await response.text();
        expect({ attempt, status: response.status, type: response.headers.get('content-type') }).toEqual({
          attempt,
          status: 400,
          type: 'text/html; charset=utf-8',
        });
        expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
        expect(html).toContain('<h1>Ce lien de désabonnement n’est pas valide</h1>');
        expect(html).toContain('<h2>This unsubscribe link is not valid</h2>');
      }
    } finally {
      running?.child.kill('SIGTERM');
      await running?.exited;
      await storage.dispose();
    }
  });
});
