import { z } from 'zod/mini';
import { API_ERROR_CODES, type ApiError, type ApiSuccess } from './api';
import { FIELD_ERROR_CODES } from './fields';
import { NO_PROOF_NEEDED, PROOF_PROBLEMS } from './proof-of-work';

/**
 * The answers' schemas, declared by the routes as their response schemas (`schema.response`): the
 * server checks each reply against its status's schema and sends only the fields it names
 * (src/server/core/validation.ts). Made from the same lists as the types the page reads
 * (./api.ts), and checked against them below, so the two cannot drift. Kept apart from ./api.ts,
 * which the page imports at start, so that zod is not loaded with it.
 */
export const apiSuccessSchema = z.object({
  ok: z.literal(true),
  confirmation: z.optional(z.literal('email')),
});

export const apiErrorSchema = z.object({
  ok: z.literal(false),
  error: z.enum(API_ERROR_CODES),
  fields: z.optional(z.record(z.string(), z.enum(FIELD_ERROR_CODES))),
  retryAfter: z.optional(z.number()),
  proof: z.optional(z.enum(PROOF_PROBLEMS)),
  writable: z.optional(z.literal(false)),
  oldestUndeliveredLeadSeconds: z.optional(z.number()),
  emailFailingSince: z.optional(z.string()),
});

/** Every error status of an /api/* route: one shape, whatever the code (src/server/core/plugins/errors.ts). */
export const API_ERRORS = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/**
 * GET /api/challenge: altcha-lib's signed challenge, its parameters kept whole (the page's solver
 * and the signature need every one, including those a later altcha-lib adds), or NO_PROOF_NEEDED.
 */
export const challengeParametersSchema = z.looseObject({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  keyPrefix: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  expiresAt: z.optional(z.number()),
});

export const challengeSchema = z.union([
  z.object({
    parameters: challengeParametersSchema,
    signature: z.string(),
  }),
  z.object({ required: z.literal(NO_PROOF_NEEDED.required) }),
]);

/** The newsletter links' answers: an HTML page in the link's language, whatever the status. */
export const linkPageSchema = z.string();

// The schemas and the page's types agree both ways: a field added to one and not the other fails here.
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Same<A, B> = Assignable<A, B> extends true ? Assignable<keyof A, keyof B> : false;
true satisfies Same<z.output<typeof apiSuccessSchema>, ApiSuccess>;
true satisfies Same<z.output<typeof apiErrorSchema>, ApiError>;
