import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * Structured JSON logs (pino). Two rules protect visitors' data:
 * - nothing logs request bodies, so message text never reaches a log line;
 * - as a safety net, every line is scanned before it is written and anything shaped like an
 *   e-mail address is masked ("jane@example.com" → "j***@example.com"). This also covers
 *   database errors that quote values (PostgreSQL's "Key (email)=(...) already exists").
 */

// A local part is everything up to the @ that cannot end a JSON string or a word.
const EMAIL_IN_TEXT = /([^\s"'<>()[\]{},;:\\@*])[^\s"'<>()[\]{},;:\\@]*@([^\s"'<>()[\]{},;:\\@]+\.[^\s"'<>()[\]{},;:\\@]+)/g;

/**
 * Every e-mail address in `text` masked: the one masker of the server, for the log lines, the
 * relay's answers kept with a notification (outbox/email.ts) and the newsletter's link pages.
 */
export function maskEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, '$1***@$2');
}

/** Errors are logged with type, message, code and stack only: driver errors carry extra fields
 *  (PostgreSQL's `detail`, `parameters`) that can hold the submitted values. */
type SerializedError = { type?: string; message: string; code?: string | number; stack?: string; cause?: SerializedError };

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

const INFO = 30;

/**
 * `startup.quiet`: while true, info lines are not written (warnings and errors are). On a
 * terminal, server.ts prints a summary of its start instead of them (summary.ts), then sets it false.
 */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream; startup?: { quiet: boolean } }): Logger {
  const { startup } = options;
  const settings = {
    level: options.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
    hooks: {
      streamWrite: maskEmails,
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: Logger['info'], level: number) {
        if (startup?.quiet && level === INFO) return;
        method.apply(this, args);
      },
    },
  };
  // Without a destination pino writes synchronously to stdout: no line is lost when the process dies.
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
