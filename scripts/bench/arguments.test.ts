import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/postgres';
import { REPO_ROOT, startServerProcess } from '../../test/server-process';

/**
 * The benchmarks' command lines as a person types them: --help says what each does and takes
 * (--port among them: each starts servers), a bad argument is one line, never a stack trace.
 */
const run = (script: string, args: string[]) =>
  promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], { cwd: REPO_ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

const USAGES = {
  bench: '[--runs N] [--port N]',
  'bench:anatomy': '[--runs N] [--preset mobile|desktop] [--port N]',
  'bench:api': '[--port N]',
  'bench:delivery': '[--port N]',
  'bench:server': '[--runs N] [--port N]',
  'bench:compare': '[--runs N] [--path /fr/] [--port N] <build dir> <build dir> ...',
};

describe('npm run bench…', () => {
  it.each(Object.entries(USAGES))('%s --help: its usage, --port included, and what it does', async (script, usage) => {
    const { code, stdout, stderr } = await run(script, ['--help']);
    expect({ code, stderr, usage: stdout.split('\n')[0] }).toEqual({ code: 0, stderr: '', usage: `Usage: npm run ${script} -- ${usage}` });
    expect(stdout.split('\n').length).toBeGreaterThan(3);
  });

  it('a bad argument: one line, what is wrong and the usage, exit 2', async () => {
    expect(await run('bench:server', ['--prot', '5202'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "bench:server: Unknown option '--prot'. Usage: npm run bench:server -- [--runs N] [--port N] (--help says more)\n",
    });
    expect(await run('bench:server', ['--runs', 'many'])).toMatchObject({
      code: 2,
      stderr: 'bench:server: --runs expects a whole number from 1 up, got many. Usage: npm run bench:server -- [--runs N] [--port N] (--help says more)\n',
    });
    expect(await run('bench:compare', [])).toMatchObject({
      code: 2,
      stderr: `bench:compare: name at least one build folder. Usage: npm run bench:compare -- ${USAGES['bench:compare']} (--help says more)\n`,
    });
    expect(await run('bench:api', ['--port', '70000'])).toMatchObject({
      code: 2,
      stderr: 'bench:api: --port expects a whole number from 1 to 65535, got 70000. Usage: npm run bench:api -- [--port N] (--help says more)\n',
    });
  });

  it('their servers listen on the port given (PORT, as --port sets it)', async () => {
    const port = await freePort();
    const server = await startServerProcess({ PORT: String(port), DATABASE_URL: '', SQLITE_PATH: ':memory:' });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
