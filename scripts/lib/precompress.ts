/**
 * Brotli and gzip copies of every text file of the build, made once at build time at the highest
 * levels (too slow to do per request). The server sends `x.js.br` or `x.js.gz` to browsers that
 * accept them (src/server/site/static.ts); a copy that would not be smaller is not written.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export async function precompress(dir: string): Promise<number> {
  let written = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const data = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gz(data, { level: 9 }),
    ]);
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gzipped],
    ] as const) {
      if (copy.length >= data.length) continue;
      await writeFile(path + suffix, copy);
      written++;
    }
  }
  return written;
}
