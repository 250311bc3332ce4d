/**
 * `npm run bench:api [-- --port N]`: throughput and latency of POST /api/contact on both storage engines.
 *
 * Starts the real server as a child process on a loopback port (rate limits raised), first on a
 * SQLite file, then on a PostgreSQL 15 it starts itself (test/postgres.ts, like the tests), and
 * drives it with autocannon at 10 and 50 connections. Not a test: it prints a table.
 * BENCH_SECONDS changes the duration of each run (default 10).
 *
 * autocannon runs in this process, on the same machine: on 2 cores it takes CPU from the server,
 * so the numbers are a floor, useful to compare engines and to spot regressions.
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { benchArguments } from './parts/arguments';
import { onBothEngines } from './parts/engines';
import { markdownTable } from './parts/table';

const args = benchArguments({
  name: 'bench:api',
  usage: '[--port N]',
  help: `Throughput and latency of POST /api/contact at 10 and 50 connections, on SQLite, then on a
PostgreSQL 15 it starts itself; the server on a free port, or --port N. BENCH_SECONDS: each run's
length (10).`,
  options: { port: {} },
});
const PORT = args.port(0);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = [10, 50];
const BODY = JSON.stringify({
  name: 'Bench Mark',
  phone: '+1 514-555-0142',
  email: 'bench@example.com',
  company: 'Benchmarks Inc.',
  message: 'We would like a voice agent for our clinic: about 150 calls a day, bookings and questions.',
});

type Row = { engine: string; connections: number; rps: number; p50: number; p99: number; errors: number; peakRssMb: number };

/** Samples the server's resident memory every 100 ms; returns the peak in MB when stopped. */
function sampleRss(pid: number) {
  let peakKb = 0;
  const timer = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // process gone or no /proc
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.round(peakKb / 1024);
  };
}

async function load(server: ServerProcess, connections: number, seconds: number) {
  return autocannon({
    url: `${server.url}/api/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections,
    duration: seconds,
  });
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Row[]> {
  // The server's own throughput: no per-client or per-network limit, and no proof of work
  // (PROOF_OF_WORK=off exists for load tests: one proof per post would measure the solver).
  const server = await startServerProcess({
    ...env,
    RATE_LIMIT_CONTACT: '1000000000/600',
    SUBMISSIONS_PER_NETWORK_PER_DAY: '100000000',
    PROOF_OF_WORK: 'off',
    LOG_LEVEL: 'warn',
    ...(PORT ? { PORT: String(PORT) } : {}),
  });
  const rows: Row[] = [];
  try {
    await load(server, 10, 2); // warm-up (JIT, connection pools), not reported
    for (const connections of CONNECTIONS) {
      const stopSampling = sampleRss(server.child.pid!);
      const result = await load(server, connections, SECONDS);
      rows.push({
        engine,
        connections,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        peakRssMb: stopSampling(),
      });
      process.stderr.write(`${engine} @ ${connections} connections: done\n`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  return rows;
}

function printTable(rows: Row[]) {
  const header = ['engine', 'connections', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MB'];
  const cells = rows.map((row) => [row.engine, row.connections, row.rps, row.p50, row.p99, row.errors, row.peakRssMb].map(String));
  console.log(markdownTable(header, cells));
}

printTable(await onBothEngines(benchEngine));
