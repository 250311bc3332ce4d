/** The database could not complete an operation (down, dropped, timed out, closed). Nothing was stored. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown, message = 'the database did not complete the operation') {
    super(message, { cause });
  }
}

/** The database answers, but a write cannot be committed (disk full, read-only database). */
export class StoreNotWritableError extends StoreUnavailableError {
  override name = 'StoreNotWritableError';
  constructor(cause: unknown) {
    super(cause, 'the database answers but cannot take writes');
  }
}

/**
 * True when a write broke a UNIQUE constraint. Duplicates are detected by the database itself,
 * never by a read-then-write check, so two simultaneous sign-ups cannot both get in.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  // 23505: PostgreSQL unique_violation. SQLITE_CONSTRAINT_UNIQUE: better-sqlite3's extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * SUBMISSIONS_PER_DAY submissions are already stored in the last 24 hours, across all client
 * addresses (and all instances sharing the database): the storage ceiling. Nothing was stored; try
 * again after `retryAfterSeconds`.
 */
export class SubmissionCapError extends Error {
  override name = 'SubmissionCapError';
  constructor(readonly retryAfterSeconds: number) {
    super('the storage ceiling (SUBMISSIONS_PER_DAY) is reached');
  }
}

/**
 * Any database failure becomes StoreUnavailableError: the caller only needs to know nothing was
 * done. The storage ceiling's refusal, and a failure already named, pass as they are.
 */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SubmissionCapError || error instanceof StoreUnavailableError) throw error;
    throw new StoreUnavailableError(error);
  }
}

/** The same methods, each with its database failures turned into StoreUnavailableError (see guarded). */
export function guardAll<Methods extends object>(methods: Methods): Methods {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]: [string, (...args: unknown[]) => Promise<unknown>]) => [
      name,
      (...args: unknown[]) => guarded(() => method(...args)),
    ]),
  ) as Methods;
}
