import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod/mini';

/**
 * The Content-Security-Policy of the site, built in one place.
 *
 * The page's own inline scripts and styles are allowed by hash: the front end's build writes them
 * to `<STATIC_DIR>/csp.json` as `{"script-src": ["'sha256-...'"], "style-src": [...]}`. Third-party
 * origins (e.g. the voice demo's) are added the same way, as extra sources per directive.
 */
const BASE_POLICY: ReadonlyArray<readonly [directive: string, sources: readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

/** Extra sources per directive. A directive missing from the base policy is added with only these. */
export type CspExtras = Record<string, string[]>;

// A source is one token: whitespace, ';' or ',' would let a bad build inject whole directives.
const cspExtrasSchema = z.record(
  z.string().check(z.regex(/^[a-z-]+$/, 'not a directive name')),
  z.array(z.string().check(z.regex(/^[^\s;,]+$/, 'not a single CSP source'))),
);

export function buildCsp(extras: CspExtras, options: { https: boolean }): string {
  const directives = new Map<string, string[]>(BASE_POLICY.map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extras)) {
    const current = directives.get(name) ?? [];
    directives.set(name, [...current, ...sources.filter((source) => !current.includes(source))]);
  }
  const parts = [...directives].map(([name, sources]) => `${name} ${sources.join(' ')}`);
  // Asking browsers to upgrade only makes sense when the page itself came over HTTPS;
  // over plain HTTP (local runs, tests) it would break every subresource.
  if (options.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/**
 * Reads `<staticDir>/csp.json` once at start-up. Missing file: no extras. A malformed file is a
 * build bug: it is reported and ignored rather than stopping the server (the page then loses its
 * inline scripts, which is visible at once, instead of the whole site going down).
 */
export function readCspExtras(staticDir: string): { extras: CspExtras; problem?: string } {
  let text: string;
  try {
    text = readFileSync(join(staticDir, 'csp.json'), 'utf8');
  } catch {
    return { extras: {} };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { extras: {}, problem: 'csp.json is not valid JSON' };
  }
  const parsed = cspExtrasSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return { extras: {}, problem: `csp.json is malformed (${where})` };
  }
  return { extras: parsed.data };
}
