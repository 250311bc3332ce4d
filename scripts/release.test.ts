import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/server-process';
import { productionNodeProblem } from './release';

/**
 * What `npm run release` refuses before it builds anything (a release that is built is tested by
 * e2e/upgrade.test.ts): a release without the deployed configuration, and a production release
 * on a Node.js production does not run.
 */
const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'release-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `npm run release -- <args>` as an administrator types it, with none of this shell's SITE_* settings. */
async function release(args: string[]) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SITE_|VAPI_|NODE_ENV$)/.test(key)));
  return run('npm', ['run', '--silent', 'release', '--', ...args, '--into', dir], { cwd: REPO_ROOT, env: clean }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('npm run release refuses before building', () => {
  it('without the deployed configuration (--config), unless --trial says it is meant: one line, nothing built', async () => {
    expect(await release([])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'npm run release needs the deployed configuration: npm run release -- --config /etc/atelier-ia/env (or --trial for a trial release).\n',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('a production release on a Node.js production does not run, in one line, with the identity left as placeholders', async () => {
    const result = await release(['--config', join(REPO_ROOT, 'deploy', 'env.example')]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    // This machine's Node: 20 is refused (development and tests only), 22 and 24 are not.
    const node = productionNodeProblem(process.versions.node);
    expect(lines.filter((line) => line.includes('Node.js'))).toEqual(node ? [`Refusing a production build (NODE_ENV=production): ${node}`] : []);
    expect(lines).toContain("Refusing a production build (NODE_ENV=production) with the firm's identity left as placeholders:");
    expect(await readdir(dir)).toEqual([]);
  });

  it('knows which Node.js production runs: the LTS lines 22 (from 22.12) and 24', () => {
    for (const version of ['22.12.0', '22.20.1', '24.0.0', '24.11.1']) expect(productionNodeProblem(version)).toBeUndefined();
    for (const version of ['20.20.2', '22.11.0', '23.5.0', '25.0.0'])
      expect(productionNodeProblem(version)).toBe(
        `Node.js ${version} runs this command; production needs ^22.12.0 || ^24.0.0 (docs/deploy.md, step 1), and the service runs the same /usr/bin/node.`,
      );
  });
});
