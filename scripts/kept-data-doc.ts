/**
 * `npm run docs:kept`: writes docs/what-we-keep.md from the declaration of what the firm keeps
 * (src/contracts/kept-data.ts). kept-data-doc.test.ts fails when the page on disk is not what this
 * writes, so the page cannot drift from the declaration, which cannot drift from the database.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ColumnDeclaration, KEPT_DATA, KEPT_ELSEWHERE, KINDS, type KindId, RECIPIENTS, type Retention, keptKinds } from '../src/contracts/kept-data';

export const KEPT_DATA_DOC = join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'what-we-keep.md');

const howLong = (kept: Retention) => {
  if ('setting' in kept) return `\`${kept.setting}\` days`;
  if ('days' in kept) return `${kept.days} days`;
  return {
    delivered: 'until the notification is delivered or given up',
    'delivered-or-retention': 'until the notification is delivered; if given up, kept for a retry until the daily purge of `SITE_RETENTION_DAYS`',
    'window-end': "until its limit's window ends (minutes to a day)",
    'day-end': "until the demo's day ends (the firm's time zone)",
    erasure: 'while subscribed; after unsubscribing, marked, with the proof of consent and withdrawal, until erasure is asked',
  }[kept.until];
};

const seenBy = (kind: KindId) => {
  const recipients = KINDS[kind].seenBy;
  return recipients.length > 0 ? recipients.map((recipient) => `${recipient} (${RECIPIENTS[recipient].place})`).join(', ') : 'the server only';
};

/** The page, as the declaration says it. */
export function keptDataDoc(): string {
  const lines = [
    '# What we keep',
    '',
    '<!-- Written by `npm run docs:kept` from src/contracts/kept-data.ts: edit the declaration, then run it. -->',
    '',
    "Every column of the server's database, and what the firm's accounts elsewhere keep of the",
    "site's visitors, as the declaration in `src/contracts/kept-data.ts` states it. The privacy",
    "pages' table is rendered from the same declaration (src/content/privacy/), and",
    '`src/server/core/database/kept-data.test.ts` fails when the database has a column the declaration does',
    'not name, on both engines. A duration is enforced by the daily purge (`src/server/retention.ts`)',
    'or by the code that clears it.',
    '',
    '## Who sees it, and where',
    '',
    '| recipient | where |',
    '|---|---|',
    ...Object.entries(RECIPIENTS).map(([recipient, { place }]) => `| ${recipient} | ${place} |`),
    '',
    "The relay (`SMTP_URL`) and the webhook's receiver (`WEBHOOK_URL`) are wherever the firm's",
    'providers are: the firm chooses them when it deploys. Vapi and Daily, which run the voice demo,',
    'are in the United States.',
    '',
    '## Kinds of data',
    '',
    '| kind | about | why | how long | seen by |',
    '|---|---|---|---|---|',
    ...keptKinds().map((kind) => {
      const { about, purpose, kept } = KINDS[kind];
      return `| ${kind} | ${about} | ${purpose} | ${howLong(kept)} | ${seenBy(kind)} |`;
    }),
    '',
    '## Columns',
    '',
    ...Object.entries(KEPT_DATA).flatMap(([table, columns]) => [
      `### ${table}`,
      '',
      '| column | kind | what |',
      '|---|---|---|',
      ...Object.entries(columns as Record<string, ColumnDeclaration>).map(
        ([column, entry]) => `| ${column} | ${entry.personal ? entry.kind : 'nothing personal'} | ${entry.what} |`,
      ),
      '',
    ]),
    '## Kept elsewhere',
    '',
    ...KEPT_ELSEWHERE.map((entry) => `- ${entry.what} (${entry.kind}: ${howLong(KINDS[entry.kind].kept)})`),
    '',
    '## Before personal information leaves Quebec (Law 25, s. 17)',
    '',
    "Quebec's private-sector privacy act (s. 17) asks the firm, before it communicates personal",
    'information outside Quebec, to assess the privacy impact of doing so, taking into account how',
    'sensitive the information is, the purpose it is used for, the protection it will have, and the',
    'legal framework of the place it goes to; the communication must be governed by a written',
    'agreement that covers the results of that assessment. Here that concerns Vapi and Daily (the',
    "voice demo: a visitor's voice, the call's record) and, if they are outside Quebec, the e-mail",
    "relay and the webhook's receiver (every lead). Do the assessment before turning the demo on and",
    'before choosing those providers; keep it with the agreements. The rows above say what each one',
    'receives.',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(KEPT_DATA_DOC, keptDataDoc());
  console.log(`Wrote ${KEPT_DATA_DOC}`);
}
