import type { Selectable, Transaction } from 'kysely';
import { CONTACT_FIELDS, OPTIONAL_CONTACT_FIELDS, type ContactDetails } from '../../contracts/contact';
import { type StoreContext, type SubmissionOrigin, cleanText, isoTimestamp } from '../core/database/context';
import { StoreUnavailableError, guarded, isLimitError, isUniqueViolation } from '../core/database/errors';
import type { ContactDetailsData, ContactFieldValues, LeadSource } from '../../contracts/lead-event';
import { enqueue } from '../core/database/outbox';
import type { ContactSubmissionsTable, Database } from '../core/database/tables';
import { countStat, serverEvent } from '../core/database/counting';
import { fillOnce } from '../core/database/fill-once';

/** Contact requests: from the form, or taken by the voice agent during a call. */
export interface ContactsRepository {
  insertContact(contact: NewContact): Promise<void>;
  /**
   * A callback request the voice agent took during a call: stored as a contact submission
   * (source 'voice') with its notification jobs, under the storage ceiling, in one transaction, as
   * a form lead. 'created' the first time; 'same_tool_call' when this tool call was stored already
   * (Vapi retried it); 'call_has_lead' when another request of the same call was (one lead per
   * call). The last two write nothing: UNIQUE keys decide, not a read before the write.
   */
  insertVoiceLead(lead: NewVoiceLead): Promise<{ outcome: 'created' | 'same_tool_call' | 'call_has_lead'; id: number }>;
  /**
   * Attaches what the call's end-of-call report says (summary, and the transcript when the firm
   * keeps them) to the lead of that call, and queues the follow-up notification with it, in one
   * transaction. 'no_lead' when the call left none; 'already' when a report was attached before
   * (Vapi retries): nothing written then.
   */
  attachCallReport(callId: string, report: CallReport): Promise<'attached' | 'already' | 'no_lead'>;
  /**
   * Deletes contact submissions received before `before`, with the notification jobs (and their
   * copies of leads) queued before then; returns how many submissions.
   */
  purgeContacts(before: Date): Promise<number>;
  listContacts(): Promise<ContactRecord[]>;
  /** The leads stored between the two instants (`to` excluded), oldest first: who, from where (the figures' digest lists them). */
  leadsBetween(from: Date, to: Date): Promise<LeadLine[]>;
}

/** A lead as the figures list it: when, who, from where. */
export type LeadLine = { createdAt: string; name: string; company: string | null; source: LeadSource; locale: string | null };

export type { SubmissionOrigin } from '../core/database/context';

/** A contact request as the form's contract checked it, and where it came from. */
export type NewContact = ContactDetails & SubmissionOrigin;

/** A callback request taken by the voice agent (src/contracts/voice-lead.ts), with the call it came from. */
export type NewVoiceLead = {
  callId: string;
  toolCallId: string;
  name: string;
  /** At least one of the two. */
  phone?: string;
  email?: string;
  company?: string;
  /** What the caller needs: the lead's message. */
  message: string;
  preferredTime?: string;
  locale: string;
};

/** What an end-of-call report brings to a voice lead; at least one of the two. */
export type CallReport = { summary: string | null; transcript: string | null };

/**
 * A stored contact request as the firm sees it (the export): every column but Vapi's tool call
 * id, which only serves to recognize a retry. The columns, in the export's order; new ones go at
 * the end, so that the firm's existing imports keep theirs. The compiler asks for a new column here.
 */
const RECORD_COLUMNS = {
  id: true,
  created_at: true,
  name: true,
  email: true,
  phone: true,
  company: true,
  message: true,
  locale: true,
  page: true,
  status: true,
  source: true,
  call_id: true,
  preferred_time: true,
  call_summary: true,
  call_transcript: true,
} satisfies Record<keyof ContactRecord, true>;
export type ContactRecord = Omit<Selectable<ContactSubmissionsTable>, 'tool_call_id' | 'created_at'> & { created_at: string };
export const CONTACT_RECORD_COLUMNS = Object.keys(RECORD_COLUMNS) as (keyof ContactRecord)[];

/** What storeContact writes, from the form or from the voice agent. */
type ContactInput = Partial<Record<keyof ContactFieldValues, string | null>> & {
  source: LeadSource;
  locale: string | null;
  page: string | null;
  callId?: string;
  toolCallId?: string;
  preferredTime?: string;
};

export function contactsRepository({ db, policy, write, submit, statsDay }: StoreContext): ContactsRepository {
  /**
   * One contact submission and its notification jobs, inside the caller's transaction. Each of the
   * contract's fields is cleaned and stored in its column; an optional one left empty is NULL, a
   * contact point a voice lead did not give is '' (and null in the event).
   */
  async function storeContact(trx: Transaction<Database>, contact: ContactInput, network?: string): Promise<number> {
    const fields = Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, cleanText(contact[field] ?? '') || (OPTIONAL_CONTACT_FIELDS.includes(field) ? null : '')]),
    ) as ContactFieldValues;
    const row = {
      ...fields,
      source: contact.source,
      locale: contact.locale,
      page: contact.page,
      call_id: contact.callId ?? null,
      tool_call_id: contact.toolCallId ?? null,
      preferred_time: cleanText(contact.preferredTime ?? '') || null,
      created_at: new Date().toISOString(),
    };
    const { id } = await trx.insertInto('contact_submissions').values(row).returning('id').executeTakeFirstOrThrow();
    const details = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, row[field] || null])) as ContactDetailsData;
    await enqueue(
      trx,
      policy,
      {
        type: 'contact.created',
        createdAt: row.created_at,
        data: { submissionId: id, source: row.source, ...details, locale: row.locale, page: row.page, callId: row.call_id, preferredTime: row.preferred_time },
      },
      network,
    );
    await countStat(trx, serverEvent(statsDay(), row.source === 'voice' ? 'voice_lead' : 'form_sent', row.locale));
    return id;
  }

  return {
    async insertContact({ locale, page, network, ...details }) {
      await submit((trx) => storeContact(trx, { source: 'form', ...details, locale: locale ?? null, page: page ?? null }, network), network);
    },

    async insertVoiceLead({ callId, toolCallId, preferredTime, locale, ...details }) {
      try {
        let id = 0;
        await submit(async (trx) => {
          id = await storeContact(trx, { source: 'voice', ...details, locale, page: null, callId, toolCallId, preferredTime });
        });
        return { outcome: 'created', id };
      } catch (error) {
        if (isLimitError(error)) throw error;
        if (!isUniqueViolation(error)) throw new StoreUnavailableError(error);
      }
      // The insert met a UNIQUE key: this tool call, or another of the same call, is stored.
      return guarded(async () => {
        const stored = await db
          .selectFrom('contact_submissions')
          .select(['id', 'tool_call_id'])
          .where((eb) => eb.or([eb('call_id', '=', callId), eb('tool_call_id', '=', toolCallId)]))
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return { outcome: stored.tool_call_id === toolCallId ? 'same_tool_call' : 'call_has_lead', id: stored.id };
      });
    },

    async attachCallReport(callId, report) {
      let result: 'attached' | 'already' | 'no_lead' = 'no_lead';
      await write(async (trx) => {
        const summary = report.summary === null ? null : cleanText(report.summary) || null;
        const transcript = report.transcript === null ? null : cleanText(report.transcript) || null;
        if (summary === null && transcript === null) return;
        // Once: a retried report attaches nothing more.
        const texts = { call_summary: summary, call_transcript: transcript };
        const lead = await fillOnce(trx, 'contact_submissions', ['call_id', callId], texts, ['id', 'name', 'locale']);
        if (typeof lead === 'string') {
          result = lead === 'missing' ? 'no_lead' : lead;
          return;
        }
        result = 'attached';
        await enqueue(trx, policy, {
          type: 'contact.call_report',
          createdAt: new Date().toISOString(),
          data: { submissionId: lead.id, callId, name: lead.name, locale: lead.locale, summary, transcript },
        });
      });
      return result;
    },

    async purgeContacts(before) {
      let count = 0;
      await write(async (trx) => {
        const deleted = await trx.deleteFrom('contact_submissions').where('created_at', '<', before.toISOString()).executeTakeFirst();
        count = Number(deleted.numDeletedRows);
        // Failed notifications keep a copy of the lead for a retry: it goes with the lead.
        await trx.deleteFrom('delivery_jobs').where('created_at', '<', before.toISOString()).execute();
      });
      return count;
    },

    async listContacts() {
      const rows = await db.selectFrom('contact_submissions').select(CONTACT_RECORD_COLUMNS).orderBy('id').execute();
      return rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at) }));
    },

    async leadsBetween(from, to) {
      const rows = await db
        .selectFrom('contact_submissions')
        .select(['created_at', 'name', 'company', 'source', 'locale'])
        .where('created_at', '>=', from.toISOString())
        .where('created_at', '<', to.toISOString())
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ createdAt: isoTimestamp(row.created_at), name: row.name, company: row.company, source: row.source, locale: row.locale }));
    },
  };
}
