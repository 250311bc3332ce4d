import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import { LOCALES, type Locale } from '../contracts/locales';
import { ASSISTANT_KEY, type AssistantDefinition, assistantKey } from './assistants';

/**
 * Makes the organization's assistants match the definitions (./assistants.ts): each language's
 * assistant is found by its metadata key, created if missing, updated where it differs (only the
 * fields that differ are sent), left alone when it matches. A dry run only reports.
 */

/** The part of the server SDK's client this uses: GET, POST and PATCH /assistant. */
export type AssistantsApi = Pick<VapiClient['assistants'], 'list' | 'create' | 'update'>;

export type SyncOutcome = {
  locale: Locale;
  action: 'create' | 'update' | 'unchanged';
  /** Absent only for an assistant a dry run would create. */
  id?: string;
  /** The top-level fields that differ ('update'), or all of them ('create'). */
  fields: string[];
};

/** More than this many assistants in the organization and ours could be among those not listed. */
const LIST_LIMIT = 1000;

export class SyncError extends Error {
  override name = 'SyncError';
}

export async function syncAssistants(
  api: AssistantsApi,
  definitions: Record<Locale, AssistantDefinition>,
  options: { dryRun?: boolean } = {},
): Promise<SyncOutcome[]> {
  const existing = await api.list({ limit: LIST_LIMIT });
  if (existing.length >= LIST_LIMIT) {
    throw new SyncError(
      `the organization has ${LIST_LIMIT} assistants or more: ours might not be among those Vapi lists, and creating them again would make duplicates`,
    );
  }
  const outcomes: SyncOutcome[] = [];
  for (const locale of LOCALES) {
    const definition = definitions[locale];
    const matches = existing.filter((assistant) => assistant.metadata?.[ASSISTANT_KEY] === assistantKey(locale));
    if (matches.length > 1) {
      throw new SyncError(
        `${matches.length} assistants carry metadata.${ASSISTANT_KEY} = "${assistantKey(locale)}" (${matches.map((match) => match.id).join(', ')}): delete all but one in Vapi's dashboard, then run this again`,
      );
    }
    const [current] = matches;
    if (!current) {
      // The definition's hooks and backoff plan are Vapi's API as documented, wider than the SDK 2.0's types (./assistants.ts).
      const id = options.dryRun ? undefined : (await api.create(definition as unknown as Vapi.CreateAssistantDto)).id;
      outcomes.push({ locale, action: 'create', id, fields: Object.keys(definition) });
      continue;
    }
    const fields = differingFields(definition, current);
    if (fields.length > 0 && !options.dryRun) {
      const changes = Object.fromEntries(fields.map((field) => [field, definition[field as keyof AssistantDefinition]]));
      await api.update({ id: current.id, ...(changes as Omit<Vapi.UpdateAssistantDto, 'id'>) });
    }
    outcomes.push({ locale, action: fields.length > 0 ? 'update' : 'unchanged', id: current.id, fields });
  }
  return outcomes;
}

/**
 * The top-level fields of `wanted` that `actual` does not hold as they are. Vapi answers with
 * more than it was given (ids, dates, defaults inside objects), so extra fields on its side are
 * not differences; a value of ours that is missing or different is.
 */
export function differingFields(wanted: AssistantDefinition, actual: Vapi.Assistant): string[] {
  const held: Record<string, unknown> = { ...actual };
  return Object.entries(wanted)
    .filter(([field, value]) => !holds(held[field], value))
    .map(([field]) => field);
}

function holds(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted)) return Array.isArray(actual) && actual.length === wanted.length && wanted.every((item, index) => holds(actual[index], item));
  if (wanted && typeof wanted === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(wanted).every(([key, value]) => holds((actual as Record<string, unknown>)[key], value));
  }
  return Object.is(actual, wanted);
}
