// Sends email. Every message is kept in the outbox table, which the master admin reads at
// /admin/dashboard/outbox; with SMTP_URL it is also sent over SMTP (nodemailer). Links in emails
// carry live one-time tokens (reset, unlock, confirmation, invitation), so they never reach the log:
// only in development (`printLinks`) are they printed, to keep a local install usable.
import { count, desc, eq } from 'drizzle-orm';
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

/** Kept: stored only (no SMTP_URL); pending: SMTP not done yet; sent; failed (with the error). */
export type OutboxStatus = 'kept' | 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const OUTBOX_PAGE_SIZE = 25;

export interface Mailer {
  send(email: Email): Promise<void>;
  /** The outbox, newest first (master admin). */
  list(page: number): Promise<{ items: OutboxEntry[]; page: number; pageSize: number; total: number; smtp: boolean }>;
  close(): void;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; logger: Logger; printLinks?: boolean }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const statusOf = (row: typeof outboxEmails.$inferSelect): OutboxStatus => (row.sentAt ? 'sent' : row.error ? 'failed' : transport ? 'pending' : 'kept');
  return {
    async send(email) {
      const [row] = await db.insert(outboxEmails).values(email).returning({ id: outboxEmails.id });
      const id = (row as { id: number }).id;
      if (opts.printLinks) {
        opts.logger.info({ outboxId: id, to: email.to, subject: email.subject, links: email.text.match(/https?:\/\/\S+/g) ?? [] }, 'email (development: links printed)');
      }
      if (!transport) {
        opts.logger.info({ outboxId: id, subject: email.subject }, 'email kept in the outbox (no SMTP_URL): the master admin reads it at /admin/dashboard/outbox');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...email });
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
      } catch (err) {
        opts.logger.error({ err, outboxId: id }, 'email could not be sent');
        await db.update(outboxEmails).set({ error: String((err as Error).message ?? err) }).where(eq(outboxEmails.id, id));
      }
    },
    async list(page) {
      const current = Math.max(1, Math.floor(page) || 1);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(outboxEmails)
          .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
          .limit(OUTBOX_PAGE_SIZE)
          .offset((current - 1) * OUTBOX_PAGE_SIZE),
        db.select({ n: count() }).from(outboxEmails),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: statusOf(r),
          error: r.error,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
        page: current,
        pageSize: OUTBOX_PAGE_SIZE,
        total: total?.n ?? 0,
        smtp: transport !== null,
      };
    },
    close() {
      transport?.close();
    },
  };
}
