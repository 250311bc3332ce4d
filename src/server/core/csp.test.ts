import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsp, readCspExtras } from './csp';

describe('buildCsp', () => {
  it('is the base policy without extras', () => {
    expect(buildCsp({}, { https: false })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('appends extra sources once, adds new directives, and upgrades only over HTTPS', () => {
    const csp = buildCsp({ 'connect-src': ['https://api.example.com', "'self'"], 'media-src': ['blob:'] }, { https: true });
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(csp).toContain('; media-src blob:; upgrade-insecure-requests');
  });
});

describe('readCspExtras', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csp-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('returns no extras when there is no csp.json', () => {
    expect(readCspExtras(dir)).toEqual({ extras: {} });
  });

  it('refuses sources that would inject directives', async () => {
    await writeFile(join(dir, 'csp.json'), JSON.stringify({ 'script-src': ["'sha256-x'; script-src *"] }));
    const result = readCspExtras(dir);
    expect(result.extras).toEqual({});
    expect(result.problem).toMatch(/malformed/);
  });

  it('reports invalid JSON', async () => {
    await writeFile(join(dir, 'csp.json'), '{');
    expect(readCspExtras(dir)).toEqual({ extras: {}, problem: 'csp.json is not valid JSON' });
  });
});
