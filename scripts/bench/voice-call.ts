/**
 * `npm run bench:voice [-- --port N]`: what the server adds to placing a demo call. The page's SDK
 * sends its POST /call/web to the server (POST /api/voice/call/web), which uses the session once,
 * places the call with Vapi and records it; here Vapi is the tests' stand-in on loopback.
 *
 * For each engine (a SQLite file, then a PostgreSQL 15 it starts itself) the real server runs as a
 * child process; each round times POST /call/web straight to the stand-in, then the same call
 * through the server (the session asked for before the clock starts), one after the other.
 * BENCH_CALLS sets the rounds (default 40). Not a test: it prints a table, medians and 95th
 * percentiles, and the difference of the medians, the server's own part (budget: under 50 ms).
 */
import { API_PATHS } from '../../src/contracts/api';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { startVapiStandIn } from '../../test/vapi-stand-in';
import { benchArguments } from './parts/arguments';
import { onBothEngines } from './parts/engines';
import { markdownTable } from './parts/table';

const args = benchArguments({
  name: 'bench:voice',
  usage: '[--port N]',
  help: `What the server adds to placing a demo call: POST /call/web to a local stand-in of Vapi,
straight and through the server's POST /api/voice/call/web, on SQLite then on a PostgreSQL 15 it
starts itself; the server on a free port, or --port N. BENCH_CALLS: rounds per engine (40).`,
  options: { port: {} },
});
const PORT = args.port(0);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const PRIVATE_KEY = 'bench-private-key-0123456789';

type Row = { engine: string; direct: number[]; proxied: number[] };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timed(work: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await work();
  await response.text();
  if (response.status !== 201) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Row> {
  const standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY });
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      ...env,
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_ASSISTANT_ID_FR: 'bench-assistant-fr',
      VAPI_ASSISTANT_ID_EN: 'bench-assistant-en',
      VAPI_SERVER_SECRET: 'bench-server-secret-0123456789abcdef',
      VAPI_API_BASE_URL: standIn.url,
      RATE_LIMIT_VOICE: '1000000/600',
      VOICE_MINUTES_PER_DAY: '1000000',
      VOICE_MAX_CONCURRENT: '10000',
      // The proof of work is the visitor's, before the session: not part of placing the call.
      PROOF_OF_WORK: 'off',
      LOG_LEVEL: 'warn',
      ...(PORT ? { PORT: String(PORT) } : {}),
    });
    const origin = server.url;
    const direct = () =>
      fetch(`${standIn.url}/call/web`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PRIVATE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assistantId: 'bench-assistant-fr', assistantOverrides: { metadata: { siteSession: 'x' }, maxDurationSeconds: 180 } }),
      });
    const proxied = async () => {
      const answer = await fetch(`${origin}${API_PATHS.voiceSession}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locale: 'fr' }),
      });
      const { session } = (await answer.json()) as { session: string };
      return () =>
        fetch(`${origin}${API_PATHS.voiceCallWeb}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
          body: JSON.stringify({ assistantId: 'site-assistant' }),
        });
    };
    // Warm-up (JIT, connection pools), not reported.
    for (let i = 0; i < 5; i++) {
      await timed(direct);
      await timed(await proxied());
    }
    const row: Row = { engine, direct: [], proxied: [] };
    for (let i = 0; i < CALLS; i++) {
      row.direct.push(await timed(direct));
      row.proxied.push(await timed(await proxied()));
    }
    process.stderr.write(`${engine}: done\n`);
    return row;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await standIn.close();
  }
}

function printTable(rows: Row[]) {
  const header = ['engine', 'calls', 'straight p50', 'p95', 'through the server p50', 'p95', 'added p50 (ms)'];
  const cells = rows.map((row) => {
    const [d50, d95, p50, p95] = [percentile(row.direct, 50), percentile(row.direct, 95), percentile(row.proxied, 50), percentile(row.proxied, 95)];
    return [row.engine, String(row.direct.length), ...[d50, d95, p50, p95, p50 - d50].map((value) => value.toFixed(1))];
  });
  console.log(markdownTable(header, cells));
}

printTable(await onBothEngines(async (engine, env) => [await benchEngine(engine, env)]));
