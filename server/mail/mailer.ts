// Sends email. Every message is kept in the outbox table; with SMTP_URL it is also sent over SMTP
// (nodemailer), otherwise its links are printed to the log so a local install stays usable.
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
  close(): void;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(email) {
      const [row] = await db.insert(outboxEmails).values(email).returning({ id: outboxEmails.id });
      const id = (row as { id: number }).id;
      if (!transport) {
        const links = email.text.match(/https?:\/\/\S+/g) ?? [];
        opts.logger.info({ to: email.to, subject: email.subject, links }, 'email kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...email });
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
      } catch (err) {
        opts.logger.error({ err, to: email.to }, 'email could not be sent');
        await db.update(outboxEmails).set({ error: String((err as Error).message ?? err) }).where(eq(outboxEmails.id, id));
      }
    },
    close() {
      transport?.close();
    },
  };
}
