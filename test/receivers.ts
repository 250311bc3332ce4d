/**
 * Test doubles of the firm's side, real enough to fail for real reasons: an SMTP server
 * (smtp-server, with authentication) and an HTTP webhook receiver, both on loopback. Used by
 * the server and browser tests (test harnesses live in test/, never in src/).
 */
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

export type ReceivedEmail = {
  envelope: { from: string; to: string[] };
  message: Email;
  /** When the receiver accepted it (Date.now()). */
  at: number;
};

export type SmtpReceiver = {
  /** SMTP_URL for the server, with the credentials it accepts. */
  url: string;
  messages: ReceivedEmail[];
  /** Recipients it refuses (`refusal`, to RCPT TO), as a relay refuses an address it cannot deliver to; none by default. */
  refuse: (address: string) => boolean;
  /** What a refusal answers: 550 5.1.1 No such mailbox here by default (a daily quota, a relay that denies access: other texts). */
  refusal: { code: number; text: string };
  /** Every recipient it refused, in order. */
  refused: string[];
  /** While true, new connections get no greeting (a relay that hangs) until release(). */
  hang: boolean;
  /** Connections being held. */
  held(): number;
  /** Greets the held connections: their messages go on as usual. */
  release(): void;
  close(): Promise<void>;
};

export const DEFAULT_REFUSAL = { code: 550, text: '5.1.1 No such mailbox here' } as const;

export async function startSmtpReceiver(credentials = { user: 'leads', pass: 's3cret pass' }): Promise<SmtpReceiver> {
  const messages: ReceivedEmail[] = [];
  const holding: Array<() => void> = [];
  const receiver = {
    refuse: (_address: string) => false,
    refusal: { ...DEFAULT_REFUSAL } as { code: number; text: string },
    refused: [] as string[],
    hang: false,
    held: () => holding.length,
    release: () => {
      for (const greet of holding.splice(0)) greet();
    },
  };
  const server = new SMTPServer({
    // Plain SMTP with AUTH on loopback: no certificate to trust in tests.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      if (receiver.hang) holding.push(() => callback());
      else callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!receiver.refuse(address.address)) return callback();
      receiver.refused.push(address.address);
      callback(Object.assign(new Error(receiver.refusal.text), { responseCode: receiver.refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (message) => {
            const envelope = session.envelope;
            messages.push({
              envelope: { from: envelope.mailFrom ? envelope.mailFrom.address : '', to: envelope.rcptTo.map((rcpt) => rcpt.address) },
              message,
              at: Date.now(),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`,
    messages,
    close: () => {
      receiver.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export type WebhookReceipt = {
  /** The webhook-id header. */
  id: string | undefined;
  timestamp: string | undefined;
  /** Did the official Standard Webhooks library accept the delivery (signature and timestamp)? */
  verified: boolean;
  rawBody: string;
  body: unknown;
  status: number;
  /** When the request arrived (Date.now()). */
  at: number;
};

/** How the receiver answers one request: a status code, or 'hang' to hold it until released. */
export type Answer = number | 'hang';

export type WebhookReceiver = {
  url: string;
  port: number;
  /** Every request received, in order, with the status it got (0 while held). */
  receipts: WebhookReceipt[];
  /** Decides each answer; 204 by default. */
  answer: (receipt: WebhookReceipt) => Answer;
  /** Wait this long before answering (to make deliveries overlap). */
  delayMs: number;
  /** Requests being held ('hang'). */
  held(): number;
  /** Answers the held requests with this status. */
  release(status: number): void;
  close(): Promise<void>;
};

/** The receiver's check, by the `standardwebhooks` package as docs/webhooks.md tells receivers to. */
function verifiedByLibrary(secret: string, rawBody: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(rawBody, headers);
    return true;
  } catch {
    return false;
  }
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const held: Array<{ receipt: WebhookReceipt; response: ServerResponse }> = [];
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    receipts: [],
    answer: () => 204,
    delayMs: 0,
    held: () => held.length,
    release(status) {
      for (const { receipt, response } of held.splice(0)) {
        receipt.status = status;
        response.writeHead(status).end();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      const receipt: WebhookReceipt = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        verified: verifiedByLibrary(secret, rawBody, headers),
        rawBody,
        body,
        status: 0,
        at: Date.now(),
      };
      receiver.receipts.push(receipt);
      const answer = receiver.answer(receipt);
      if (answer === 'hang') {
        held.push({ receipt, response });
        return;
      }
      setTimeout(() => {
        receipt.status = answer;
        response.writeHead(answer).end();
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/leads`;
  return receiver;
}

/** Counts of each event id among the receipts the receiver acknowledged (2xx). */
export function acknowledgedIds(receipts: readonly WebhookReceipt[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const receipt of receipts) {
    if (receipt.status >= 200 && receipt.status < 300 && receipt.id) counts.set(receipt.id, (counts.get(receipt.id) ?? 0) + 1);
  }
  return counts;
}
