import { responseTime } from './bench/responsiveness';
import { startServerProcess } from '../test/server-process';
const env = { VAPI_PRIVATE_KEY: 'bench-private-key', VAPI_ORG_ID: 'bench-org', VAPI_ASSISTANT_ID_EN: 'a-en', VAPI_ASSISTANT_ID_FR: 'a-fr', VAPI_API_BASE_URL: 'http://127.0.0.1:9', RATE_LIMIT_VOICE: '100000/60', VOICE_CALLS_PER_DAY: '1000000', DATABASE_URL: '', LOG_LEVEL: 'warn' };
const ours = await startServerProcess({ ...env, STATIC_DIR: '/work/wt/voice/.tmp/dist-bench', SQLITE_PATH: '/tmp/resp-ours.sqlite' });
const base = await startServerProcess({ ...env, STATIC_DIR: '/tmp/base/.tmp/dist-bench', SQLITE_PATH: '/tmp/resp-base.sqlite' });
const runs = Number(process.argv[2] ?? 5);
try {
  for (const moment of ['after load', 'after hydration'] as const) {
    const t: Record<string, number[]> = { base: [], ours: [] };
    for (let run = 0; run < runs; run++) {
      t.base!.push(await responseTime(`${base.url}/`, 'Call Me', moment));
      t.ours!.push(await responseTime(`${ours.url}/`, 'Call Me', moment));
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    console.log(moment, 'base', t.base!.join(' '), 'median', med(t.base!), '| ours', t.ours!.join(' '), 'median', med(t.ours!));
  }
} finally {
  ours.child.kill('SIGTERM'); base.child.kill('SIGTERM');
}
