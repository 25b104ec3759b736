// A real SMTP server on loopback for tests: collects what the product sends.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message body with quoted-printable soft breaks and escapes undone. */
  body: string;
  subject: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to `to` (at most 5 s). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export interface SmtpOptions {
  /** Listen on this port (default: any free one) — a test can start the server where a URL already points. */
  port?: number;
  /**
   * Refuse a recipient: return the SMTP reply (4xx: try later, 5xx: for good) or null to accept.
   * `attempt` counts the deliveries tried to that address, from 1.
   */
  refuse?: (to: string, attempt: number) => { code: number; message: string } | null;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (tries.get(to) ?? 0) + 1;
      tries.set(to, attempt);
      const refusal = options.refuse?.(to, attempt);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = { to, raw, body: decodeQuotedPrintable(raw), subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '' };
        messages.push(mail);
        for (const w of waiters.splice(0)) {
          if (to.includes(w.to)) w.resolve(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to) {
      const already = messages.find((m) => m.to.includes(to.toLowerCase()) && !(m as { seen?: boolean }).seen);
      if (already) {
        (already as { seen?: boolean }).seen = true;
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        // A hang detector, not a speed check: the mail job runs beside other test files on two cores.
        const timer = setTimeout(() => reject(new Error(`no email to ${to}`)), 15_000);
        waiters.push({
          to: to.toLowerCase(),
          resolve: (m) => {
            clearTimeout(timer);
            (m as { seen?: boolean }).seen = true;
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"<>]*`).exec(mail.body);
  if (!match) throw new Error(`no ${path} link in: ${mail.body.slice(0, 500)}`);
  return match[0].replace(/&amp;/g, '&');
}
