import { responseTime } from './bench/responsiveness';
import { startServerProcess } from '../test/server-process';
const server = await startServerProcess({
  VAPI_PRIVATE_KEY: 'bench-private-key', VAPI_ORG_ID: 'bench-org', VAPI_ASSISTANT_ID_EN: 'a-en', VAPI_ASSISTANT_ID_FR: 'a-fr',
  VAPI_API_BASE_URL: 'http://127.0.0.1:9', RATE_LIMIT_VOICE: '100000/60', VOICE_CALLS_PER_DAY: '1000000',
  STATIC_DIR: process.argv[2]!, SQLITE_PATH: '/tmp/resp-bench.sqlite', DATABASE_URL: '', LOG_LEVEL: 'warn',
});
try {
  for (const moment of ['after load', 'after hydration'] as const) {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) times.push(await responseTime(`${server.url}/`, 'Call Me', moment));
    console.log(moment, times.join(' '), 'median', [...times].sort((a, b) => a - b)[2]);
  }
} finally {
  server.child.kill('SIGTERM');
}
