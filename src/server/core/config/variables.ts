import { closestMatch } from 'leven';
import { SITE_VARIABLES } from '../../../config/site-schema';
import { SERVER_VARIABLES } from './env-schema';
import { REMOVED_VARIABLES } from './load';
import type { ServerConfig } from './types';

/**
 * What the server says at start-up about its environment without refusing it (server.ts logs
 * each line as a warning and its summary shows them), and what the `--config` loader says about
 * a configuration file: a variable that is no setting (a misspelling would otherwise be ignored in
 * silence), and production with no one told of new leads.
 */

/** Every variable the site and the server read, from their schemas: one added there is known here. */
export const KNOWN_VARIABLES: readonly string[] = ['NODE_ENV', ...SITE_VARIABLES, ...SERVER_VARIABLES, ...Object.keys(REMOVED_VARIABLES)];
const KNOWN = new Set(KNOWN_VARIABLES);

/** First words that 4 or more known names share (SITE_, VAPI_, DELIVERY_, RATE_…): a name starting so is meant for us. */
const firstWord = (name: string) => name.split('_', 1)[0]!;
const FAMILIES = new Set(KNOWN_VARIABLES.map(firstWord).filter((word, _, words) => words.filter((other) => other === word).length >= 4));

/** A typo's reach: one edit per four characters (SMTP_URI → SMTP_URL), so HOME is never taken for HOST. */
const typoDistance = (name: string) => Math.max(1, Math.floor(name.length / 4));

/**
 * One line per variable that is not a setting but looks meant as one, naming the closest that is:
 * `SMTP_URI: not a variable the site or the server reads; did you mean SMTP_URL?`. Of a process's
 * environment, only names within a typo of a known one or starting like a family of them (the
 * rest is the system's: PATH, HOME…); `all`: every name (a configuration file, which is ours).
 */
export function unknownVariables(names: Iterable<string>, options: { all?: boolean } = {}): string[] {
  const lines: string[] = [];
  for (const name of names) {
    if (KNOWN.has(name) || (!options.all && !/^[A-Z][A-Z0-9_]*$/.test(name))) continue;
    const upper = name.toUpperCase();
    const typo = closestMatch(upper, KNOWN_VARIABLES, { maxDistance: typoDistance(name) });
    if (!typo && !options.all && !FAMILIES.has(firstWord(name))) continue;
    // SITE_PHONE_NUMBER: the known name it starts with says more than the nearest by edits.
    const longer = KNOWN_VARIABLES.filter((known) => upper.startsWith(`${known}_`)).sort((a, b) => b.length - a.length)[0];
    const closest = typo ?? longer ?? closestMatch(upper, KNOWN_VARIABLES, { maxDistance: Math.ceil(name.length / 2) });
    lines.push(`${name}: not a variable the site or the server reads${closest ? `; did you mean ${closest}?` : ''}`);
  }
  return lines;
}

/** Production (NODE_ENV=production) with neither e-mail nor webhook, unless NOTIFY=none says it is meant. */
export function noChannelWarning(env: Record<string, string | undefined>, config: Pick<ServerConfig, 'notifications'>): string | undefined {
  const { email, webhook, noneMeant } = config.notifications;
  if (env.NODE_ENV !== 'production' || email || webhook || noneMeant) return undefined;
  return 'NOTIFY: no notification channel (SMTP_URL, WEBHOOK_URL): new leads are stored and nobody is told; set one, or NOTIFY=none if that is meant';
}
