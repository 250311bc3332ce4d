import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The front door and the map stay true: the README short, and every file or folder
 * docs/architecture.md names still there, so a rename shows up here rather than in a newcomer's
 * afternoon.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/**
 * Paths a page names: from the repository's top folders, in prose or code, and its relative links;
 * for a pattern (`deploy/atelier-ia-backup.*`, `routes/<name>.ts`) the folder it is in. `bareNames`:
 * also whole file names in backquotes (`vitest.config.ts`), for pages that name files from the top.
 */
function namedPaths(file: string, text: string, bareNames = false): string[] {
  const found = new Set<string>();
  for (const [, path, pattern] of text.matchAll(/(?<![\w./-])((?:src|scripts|test|e2e|deploy|docs|public)\/[\w.\-/]*)([*<]?)/g))
    found.add(pattern ? dirname(`${path}x`) : path!.replace(/[.]+$/, ''));
  if (bareNames) for (const [, name] of text.matchAll(/`(\.?[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|json|md|css))`/g)) found.add(name!);
  // [text](relative/link.md#anchor)
  for (const [, link] of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) found.add(relative(ROOT, join(ROOT, dirname(file), link!)));
  return [...found];
}

/** Folders the tests and builds write, never committed (.gitignore): a page may name them. */
const WRITTEN = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => /^[\w-]+(\/[\w-]+)*\/$/.test(line))
  .map((line) => line.slice(0, -1));
const missing = (paths: string[]) =>
  paths.filter((path) => !existsSync(join(ROOT, path)) && !WRITTEN.some((folder) => path === folder || path.startsWith(`${folder}/`)));

/** Every page of prose: the docs, the README and each folder's guide. */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...['src', 'scripts', 'deploy', 'test', 'e2e'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('README.md'))
      .map((name) => `${folder}/${name}`),
  ),
];

describe('the front door and the map', () => {
  it('the README stays a front door: 100 lines at most, no table of variables or figures', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(100);
    expect(readme).not.toMatch(/^\|/m);
  });

  it.each(['docs/architecture.md', 'README.md'])('every path %s names exists, file names in backquotes included', (file) => {
    const paths = namedPaths(file, read(file), true);
    expect(paths.length).toBeGreaterThan(file === 'README.md' ? 10 : 60);
    expect(missing(paths)).toEqual([]);
  });

  it('every other page of prose links and names only paths that exist', () => {
    expect(PAGES.length).toBeGreaterThan(15);
    expect(PAGES.flatMap((file) => missing(namedPaths(file, read(file))).map((path) => `${file}: ${path}`))).toEqual([]);
  });

  it('a path that does not exist is found, in prose, in code and as a link', () => {
    const text = 'See src/server/routes/gone.ts, `gone.config.ts` and [it](../deploy/gone.md#top). Then src/web/, src/gone/<name>.ts.';
    expect(missing(namedPaths('docs/x.md', text, true))).toEqual(['src/server/routes/gone.ts', 'src/gone', 'gone.config.ts', 'deploy/gone.md']);
  });
});
