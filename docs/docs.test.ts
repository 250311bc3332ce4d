import { existsSync, readFileSync } from 'node:fs';
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

/** Paths a page names: from the repository's top folders, in prose or code, and its relative links. */
function namedPaths(file: string, text: string): string[] {
  const found = new Set<string>();
  // src/server/routes/contact.ts, e2e/, docs/deploy.md… (stopping before a placeholder: routes/<name>.ts).
  for (const [path] of text.matchAll(/(?<![\w./-])(?:src|scripts|test|e2e|deploy|docs|public)\/[\w.\-/]*/g)) found.add(path.replace(/[.]+$/, ''));
  // `vitest.config.ts`, `.oxlintrc.json`: a whole file name in backquotes.
  for (const [, name] of text.matchAll(/`(\.?[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|json|md|css))`/g)) found.add(name!);
  // [text](relative/link.md#anchor)
  for (const [, link] of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) found.add(relative(ROOT, join(ROOT, dirname(file), link!)));
  return [...found];
}

describe('the front door and the map', () => {
  it('the README stays a front door: 100 lines at most, no table of variables or figures', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(100);
    expect(readme).not.toMatch(/^\|/m);
  });

  it.each(['docs/architecture.md', 'README.md'])('every path %s names exists', (file) => {
    const paths = namedPaths(file, read(file));
    expect(paths.length).toBeGreaterThan(file === 'README.md' ? 10 : 60);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('a path that does not exist is found, in prose, in code and as a link', () => {
    const paths = namedPaths('docs/x.md', 'See src/server/routes/gone.ts, `gone.config.ts` and [it](../deploy/gone.md#top). Then src/web/.');
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual(['src/server/routes/gone.ts', 'gone.config.ts', 'deploy/gone.md']);
  });
});
