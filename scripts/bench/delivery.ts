/**
 * `npm run bench:delivery [-- --port N]`: how fast stored leads reach the firm under a flood, by
 * each channel. The real server runs as a child process (a SQLite file, then a PostgreSQL 15 it
 * starts itself) with the shipped notification limits, an SMTP receiver and a webhook receiver on
 * loopback. BENCH_LEADS leads (default 500), each from an IPv6 /48 of its own (through
 * X-Forwarded-For from the trusted proxy), are posted as fast as the server takes them, then one
 * more, the visitor. Printed: leads per second through each channel, how many e-mails carried
 * them, and the slowest lead's and the visitor's delay from its 201 to each channel.
 *
 * Not a test. The e-mail side depends on where in the minute the flood lands (NOTIFICATIONS_PER_MINUTE
 * e-mails a minute, the minute's last one carrying every lead waiting): the second it started is
 * printed with it.
 */
import { type ReceivedEmail, startSmtpReceiver, startWebhookReceiver } from '../../test/receivers';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { TEST_WEBHOOK_SECRET } from '../../test/storage';
import { benchArguments } from './parts/arguments';
import { onBothEngines } from './parts/engines';
import { markdownTable } from './parts/table';

const args = benchArguments({
  name: 'bench:delivery',
  usage: '[--port N]',
  help: `How fast stored leads reach the firm under a flood: BENCH_LEADS leads (500) from as many IPv6
/48s, then a visitor, through the real server with the shipped limits, an SMTP receiver and a webhook
receiver on loopback; on SQLite then on a PostgreSQL 15 it starts itself; the server on a free port,
or --port N.`,
  options: { port: {} },
});
const PORT = args.port(0);
const LEADS = Number(process.env.BENCH_LEADS ?? 500);
/** How long to wait for every lead before giving up (a minute's e-mails plus one). */
const DEADLINE_MS = 3 * 60_000;

type Row = {
  engine: string;
  floodSeconds: number;
  startSecond: number;
  emails: number;
  /** Seconds from the first post until every lead is in: by webhook, by e-mail. */
  webhookAll: number;
  emailAll: number;
  /** The slowest lead's delay from its 201, in seconds. */
  webhookSlowest: number;
  emailSlowest: number;
  visitorWebhook: number;
  visitorEmail: number;
};

const csvOf = (mail: ReceivedEmail) =>
  mail.message.attachments.map((file) => (typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content))).join('\n');

async function benchEngine(engine: string, env: Record<string, string>): Promise<Row> {
  const smtp = await startSmtpReceiver();
  const hook = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      ...env,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'leads@atelier.example',
      MAIL_FROM: 'Site Atelier IA <site@atelier.example>',
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      TRUST_PROXY: '127.0.0.1',
      // The proof of work is the visitor's CPU, before the post: not part of delivering it.
      PROOF_OF_WORK: 'off',
      ...(PORT ? { PORT: String(PORT) } : {}),
    });
    const origin = server.url;
    const post = async (tag: string, from: string) => {
      const answer = await fetch(`${origin}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ name: `Lead ${tag}`, phone: '514 555 0100', email: `lead-${tag}@example.com`, message: `Hello ${tag}` }),
      });
      await answer.text();
      if (answer.status !== 201) throw new Error(`lead ${tag}: answered ${answer.status}`);
      return Date.now();
    };
    const run = Math.random().toString(36).slice(2, 8);
    const tags = Array.from({ length: LEADS }, (_, i) => `${run}-${i}`);
    const answeredAt = new Map<string, number>();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < tags.length) {
          const index = next++;
          answeredAt.set(tags[index]!, await post(tags[index]!, `2001:db8:${(0x1000 + index).toString(16)}::1`));
        }
      }),
    );
    const floodSeconds = (Date.now() - started) / 1000;
    const visitor = `${run}-visitor`;
    answeredAt.set(visitor, await post(visitor, '192.0.2.77'));

    // When each lead reached each channel, looked at every 100 ms.
    const hooked = new Map<string, number>();
    const mailed = new Map<string, number>();
    const seenMails = new Set<ReceivedEmail>();
    while (Date.now() - started < DEADLINE_MS && (hooked.size < answeredAt.size || mailed.size < answeredAt.size)) {
      for (const receipt of hook.receipts) {
        const message = (receipt.body as { data?: { message?: string } }).data?.message;
        const tag = message?.startsWith('Hello ') ? message.slice(6) : undefined;
        if (receipt.status === 204 && tag && !hooked.has(tag)) hooked.set(tag, receipt.at);
      }
      for (const mail of smtp.messages) {
        if (seenMails.has(mail)) continue;
        seenMails.add(mail);
        const all = `${mail.message.text ?? ''}\n${csvOf(mail)}`;
        for (const match of all.matchAll(/Hello (\S+?)["\n]/g)) if (!mailed.has(match[1]!)) mailed.set(match[1]!, mail.at);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const delays = (arrived: Map<string, number>) => [...answeredAt].map(([tag, at]) => ((arrived.get(tag) ?? Number.NaN) - at) / 1000);
    const last = (arrived: Map<string, number>) => (Math.max(...arrived.values()) - started) / 1000;
    process.stderr.write(`${engine}: done\n`);
    return {
      engine,
      floodSeconds,
      startSecond: Math.floor((started % 60_000) / 1000),
      emails: seenMails.size,
      webhookAll: hooked.size === answeredAt.size ? last(hooked) : Number.NaN,
      emailAll: mailed.size === answeredAt.size ? last(mailed) : Number.NaN,
      webhookSlowest: Math.max(...delays(hooked)),
      emailSlowest: Math.max(...delays(mailed)),
      visitorWebhook: ((hooked.get(visitor) ?? Number.NaN) - answeredAt.get(visitor)!) / 1000,
      visitorEmail: ((mailed.get(visitor) ?? Number.NaN) - answeredAt.get(visitor)!) / 1000,
    };
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await hook.close();
    await smtp.close();
  }
}

function printTable(rows: Row[]) {
  const header = [
    'engine',
    'leads',
    'posted in (s)',
    'at second',
    'webhook leads/s',
    'e-mail leads/s',
    'e-mails',
    'slowest webhook (s)',
    'slowest e-mail (s)',
    'visitor webhook (s)',
    'visitor e-mail (s)',
  ];
  const cells = rows.map((row) => [
    row.engine,
    String(LEADS + 1),
    row.floodSeconds.toFixed(1),
    String(row.startSecond),
    ((LEADS + 1) / row.webhookAll).toFixed(1),
    ((LEADS + 1) / row.emailAll).toFixed(1),
    String(row.emails),
    row.webhookSlowest.toFixed(1),
    row.emailSlowest.toFixed(1),
    row.visitorWebhook.toFixed(1),
    row.visitorEmail.toFixed(1),
  ]);
  console.log(markdownTable(header, cells));
}

printTable(await onBothEngines(async (engine, env) => [await benchEngine(engine, env)]));
