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
 * The source network of this submission (an IPv4 /24, an IPv6 /48) already stored
 * SUBMISSIONS_PER_NETWORK_PER_DAY leads in its current 24-hour window, counted by every instance
 * sharing the database. Nothing was stored; its window ends in `retryAfterSeconds`. Other networks
 * are not affected.
 */
export class NetworkLimitError extends Error {
  override name = 'NetworkLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super('this network reached its leads for the day (SUBMISSIONS_PER_NETWORK_PER_DAY)');
  }
}

/**
 * The disk that holds the database has less free space than STORAGE_RESERVE: the one limit the
 * machine itself sets. Nothing was stored; the forms offer the firm's phone.
 */
export class StorageReserveError extends Error {
  override name = 'StorageReserveError';
  constructor(readonly freeBytes: number) {
    super('the disk is down to its reserve (STORAGE_RESERVE)');
  }
}

/** A limit refused the submission (not a failure of the database): passed through as it is. */
export const isLimitError = (error: unknown): error is NetworkLimitError | StorageReserveError =>
  error instanceof NetworkLimitError || error instanceof StorageReserveError;

/**
 * Any database failure becomes StoreUnavailableError: the caller only needs to know nothing was
 * done. A limit's refusal, and a failure already named, pass as they are.
 */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isLimitError(error) || error instanceof StoreUnavailableError) throw error;
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
