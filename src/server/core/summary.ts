import { existsSync, realpathSync } from 'node:fs';
import type { ServerConfig } from './config';

/**
 * What `npm start` (or `npm run serve`) says once the server listens, when its output is a
 * terminal (server.ts): what runs and where, in a few lines a person reads at a glance. Logs stay
 * JSON lines, one per request, and the start-up's own lines are written as JSON when the output
 * is not a terminal (a supervisor's journal), where this summary is not printed.
 */
export type SummaryState = {
  storageOpen: boolean;
  color: boolean;
  /** Start-up warnings the rows do not already say (a misspelled variable), one line each. */
  warnings?: readonly string[];
};

const LOOPBACK_OR_ANY = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** A DATABASE_URL without its password: "PostgreSQL, database atelier on db.internal:5432 as atelier". */
export function describeDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'>): string {
  if (!config.databaseUrl) return `SQLite, ${config.sqlitePath}`;
  if (!URL.canParse(config.databaseUrl)) return 'PostgreSQL (DATABASE_URL is not a URL)';
  const url = new URL(config.databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1)) || '(default database)';
  return `PostgreSQL, database ${database} on ${url.hostname || 'the local socket'}:${url.port || 5432}${url.username ? ` as ${decodeURIComponent(url.username)}` : ''}`;
}

/** Where leads go besides the database; undefined when nowhere. */
function channels(config: ServerConfig): string | undefined {
  const { email, webhook } = config.notifications;
  const parts: string[] = [];
  if (email) {
    const smtp = URL.canParse(email.smtpUrl) ? new URL(email.smtpUrl) : undefined;
    parts.push(`e-mail to ${email.to.join(', ')}${smtp ? ` through ${smtp.hostname}:${smtp.port || (smtp.protocol === 'smtps:' ? 465 : 587)}` : ''}`);
  }
  if (webhook) {
    const url = URL.canParse(webhook.url) ? new URL(webhook.url) : undefined;
    // Origin and path only: a query string may hold a token.
    parts.push(`webhook to ${url ? `${url.origin}${url.pathname}` : 'WEBHOOK_URL'}`);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

export function startupSummary(config: ServerConfig, state: SummaryState): string {
  const paint = (code: number) => (text: string) => (state.color ? `\u001B[${code}m${text}\u001B[0m` : text);
  const [bold, warn] = [paint(1), paint(33)];
  const host = LOOPBACK_OR_ANY.has(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const everywhere = config.host === '0.0.0.0' || config.host === '::' ? ` (listening on every address: HOST=${config.host})` : '';
  const site = existsSync(config.staticDir) ? realpathSync(config.staticDir) : undefined;
  const leads = channels(config);
  const { privateKey, assistantIds } = config.voice;
  const assistants = Object.entries(assistantIds).map(([locale, id]) => `${locale} ${id}`);
  const rows: Array<[string, string]> = [
    ['site', site ?? warn(`${config.staticDir} not found: the API only (run npm run build)`)],
    ['database', `${describeDatabase(config)}${state.storageOpen ? '' : warn(' — cannot be opened: the forms answer 503 (see the log)')}`],
    [
      'leads go',
      leads ??
        (config.notifications.noneMeant
          ? 'nowhere but the database (NOTIFY=none)'
          : warn('nowhere but the database: set SMTP_URL or WEBHOOK_URL to hear of them, or NOTIFY=none if that is meant')),
    ],
    [
      'voice demo',
      privateKey && assistants.length > 0
        ? `configured (the server places each call; assistants ${assistants.join(', ')})`
        : 'not configured: "Call Me" says the demo is unavailable (docs/voice.md: VAPI_PRIVATE_KEY, VAPI_ASSISTANT_ID_FR, _EN)',
    ],
    ...(state.warnings ?? []).map((line): [string, string] => ['warning', warn(line)]),
    ['logs', 'one JSON line per request below; Ctrl-C stops'],
  ];
  return [
    '',
    `${bold(`${config.site.brand}'s site is running: http://${host}:${config.port}/`)}${everywhere}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(10)}  ${value}`),
    '',
  ].join('\n');
}
