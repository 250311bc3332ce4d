import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildPlain, measurePlainWeight } from './parts/plain-build';

/**
 * `npm run bench` compares the page with a plain client-rendered build of the same app. That build
 * is made from its own entry (parts/plain-entry.tsx), which no other command compiles: when a move
 * breaks one of its paths, or a new worker chunk its "one bundle", the benchmark stops at its first
 * step and nothing else says so. This builds it as the benchmark does.
 */
it("the benchmark's plain client-rendered build still builds: one bundle and its worker, an English and a French page", async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'plain-build-'));
  try {
    await buildPlain(outDir);
    expect(await readFile(join(outDir, 'fr/index.html'), 'utf8')).toContain('<html lang="fr">');
    const scripts = (await readdir(join(outDir, 'assets'))).filter((file) => file.endsWith('.js'));
    expect(scripts.filter((file) => !file.includes('.worker-'))).toHaveLength(1);
    const weight = await measurePlainWeight(outDir);
    // The whole app in one bundle: far more than the prerendered page's initial JavaScript.
    expect(weight.en.initialJs).toBeGreaterThan(100_000);
    expect(weight.fr.initialJs).toBe(weight.en.initialJs);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}, 120_000);
