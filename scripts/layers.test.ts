import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/server-process';

/**
 * What the folders may import, beyond what the lint rules of src/web say (.oxlintrc.json): the
 * shipped code never needs a development package or a test harness, and the scripts never reach
 * into the browser tests (which use the scripts: the arrows run one way).
 */
async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(join(REPO_ROOT, folder), { recursive: true });
  return entries.filter((entry) => /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)).map((entry) => join(folder, entry));
}

async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(join(REPO_ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((match) => match[1] ?? match[2]!);
}

const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

describe('import boundaries', () => {
  it('no file under src/ (tests aside) imports a development package, or test/, e2e/ or scripts/', async () => {
    const { devDependencies } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const found: string[] = [];
    for (const file of await sources('src')) {
      for (const specifier of await importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = relative(REPO_ROOT, join(REPO_ROOT, file, '..', specifier));
          if (/^(test|e2e|scripts)\//.test(target)) found.push(`${file} imports ${target}`);
        } else if (packageOf(specifier) in devDependencies) {
          found.push(`${file} imports ${specifier} (a devDependency)`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  // Held here rather than in .oxlintrc.json: oxlint replaces a rule's options in each override, so a
  // restriction shared by every floor would be copied into each floor's entry there.
  it('only src/web/features/voice-call/vapi-client.ts imports the voice SDK (@vapi-ai/web), tests included', async () => {
    const found: string[] = [];
    for (const folder of ['src', 'scripts', 'test', 'e2e']) {
      const entries = await readdir(join(REPO_ROOT, folder), { recursive: true });
      for (const file of entries.filter((entry) => /\.tsx?$/.test(entry)).map((entry) => join(folder, entry))) {
        if (file === join('src', 'web', 'features', 'voice-call', 'vapi-client.ts')) continue;
        if ((await importsOf(file)).some((specifier) => packageOf(specifier) === '@vapi-ai/web')) found.push(file);
      }
    }
    expect(found).toEqual([]);
  });

  it('nothing under scripts/ imports e2e/ (the browser tests import the scripts, not the other way)', async () => {
    const found: string[] = [];
    for (const file of await sources('scripts')) {
      for (const specifier of await importsOf(file)) {
        if (specifier.startsWith('.') && relative(REPO_ROOT, join(REPO_ROOT, file, '..', specifier)).startsWith('e2e/'))
          found.push(`${file} imports ${specifier}`);
      }
    }
    expect(found).toEqual([]);
  });
});
