import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { KEPT_DATA } from '../src/contracts/kept-data';
import { KEPT_DATA_DOC, keptDataDoc } from './kept-data-doc';

describe('docs/what-we-keep.md', () => {
  it('is what `npm run docs:kept` writes from the declaration (run it after changing src/contracts/kept-data.ts)', async () => {
    expect(await readFile(KEPT_DATA_DOC, 'utf8')).toBe(keptDataDoc());
  });

  it('names every column of every table, and the places the processors are', () => {
    const page = keptDataDoc();
    for (const [table, columns] of Object.entries(KEPT_DATA)) {
      expect(page).toContain(`### ${table}\n`);
      for (const column of Object.keys(columns)) expect(page).toMatch(new RegExp(`^\\| ${column} \\|`, 'm'));
    }
    expect(page).toContain('| vapi | United States |');
    expect(page).toContain('s. 17');
  });
});
