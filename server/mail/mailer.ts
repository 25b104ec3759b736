// Sends email. Every message is kept in the outbox table, which the master admin reads at
// /admin/dashboard/outbox; with SMTP_URL a `mail.send` job, enqueued in the same transaction as the
// outbox row, sends it over SMTP (nodemailer) and retries with backoff — an email survives a restart
// or an SMTP outage, and the outbox shows queued / sent / failed with the last error. Links in emails
// carry live one-time tokens (reset, unlock, confirmation, invitation), so they never reach the log:
// only in development (`printLinks`) are they printed, to keep a local install usable. Attachments
// (an invoice's PDF) are stored as references and rendered by a registered renderer when the email is
// sent, so the outbox holds no copy of the bytes and a retry sends the same file.
import { count, desc, eq } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../db/paged';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client';
import { type OutboxAttachment, outboxEmails } from '../db/schema';
import type { Jobs } from '../jobs/registry';
import { PermanentJobError } from '../jobs/runner';
import type { Actor } from '../core/actor';
import { AppError } from '../core/errors';
import { recordAudit } from '../modules/audit';
import { builtInTemplate, type TemplateName } from './built-in-templates';
import { composeParts, type EmailNode, type EmailTemplate, renderTemplate } from './compose';
import { isoString, isoStringOrNull } from '../core/iso-time';
import { sanitizeEmailHtml } from './sanitize';

/** The email as the deployed templates and layout say it; as it came when none is deployed. */
export function renderWith(email: Email, live: LiveEmailTemplates | null): Omit<Email, 'compose'> {
  const { compose, ...plain } = email;
  if (!compose || !live) return plain;
  if ('template' in compose) {
    const template = live.templates.get(compose.template) ?? builtInTemplate(compose.template);
    return { ...plain, ...renderTemplate(template, compose.vars, live.layout) };
  }
  return { ...plain, ...composeParts(plain.subject, compose.paragraphs, live.layout) };
}

/**
 * What is stored and sent: the email as the deployed templates and layout say it, its HTML through
 * the email allowlist (defence in depth: a deploy already refuses a layout the allowlist would change).
 */
export function prepareForSending(email: Email, live: LiveEmailTemplates | null): Omit<Email, 'compose'> {
  const rendered = renderWith(email, live);
  return rendered.html === undefined ? rendered : { ...rendered, html: sanitizeEmailHtml(rendered.html) };
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files rendered when the email is sent: each names a renderer (`registerAttachment`) and a record. */
  attachments?: OutboxAttachment[];
  /**
   * How the email was made, so the mailer can render it again with the deployed templates (the
   * site's assets repository): one of the repository's templates with its values, or paragraphs
   * made in code (wrapped in the deployed layout). Not stored.
   */
  compose?: { template: TemplateName; vars: Record<string, string> } | { paragraphs: EmailNode[] };
}

/** The deployed email templates and layout (the site's assets repository), as the mailer uses them. */
export interface LiveEmailTemplates {
  layout: string;
  templates: ReadonlyMap<string, EmailTemplate>;
}

export type { OutboxAttachment };

/** Renders an attachment's bytes from the record it names (`id`). */
export type AttachmentRenderer = (id: string) => Promise<Buffer>;

/** Kept: stored only (no SMTP_URL); queued: a send (or a retry) is due; sent; failed (every attempt, or refused for good). */
export type OutboxStatus = (typeof outboxEmails.$inferSelect)['status'];

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  /** SMTP attempts so far. */
  attempts: number;
  /** The last SMTP error (also while a retry is due). */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The names of the files sent with it. */
  attachments: string[];
}

export const OUTBOX_PAGE_SIZE = 25;
/** SMTP attempts per email: the first, then retries after 1, 2, 4 and 8 minutes. */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_BACKOFF_MS = 60_000;

export interface Mailer {
  /**
   * Stores the email and, with SMTP, enqueues its sending — inside `tx` when given, so the email exists
   * iff the caller's transaction commits. Returns the outbox id.
   */
  send(email: Email, tx?: DbOrTx): Promise<number>;
  /** Registers how attachments of `kind` are rendered (the module that owns the record does, when it is created). */
  registerAttachment(kind: string, render: AttachmentRenderer): void;
  /** An email's attachments as they are sent: name, type and bytes. */
  renderAttachments(attachments: readonly OutboxAttachment[]): Promise<{ filename: string; contentType: string; content: Buffer }[]>;
  /** The outbox, newest first (master admin). */
  list(page: number): Promise<{ items: OutboxEntry[]; page: number; pageSize: number; total: number; smtp: boolean }>;
  /**
   * Master admin: send an email again. A failed one goes back to the queue (its attempts start over);
   * a sent or kept one is sent as a copy (a new outbox row), so the outbox keeps what happened.
   * Refused without SMTP (nothing to send through) and while it is still queued. Audited.
   */
  resend(id: number, actor: Actor): Promise<{ id: number }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  printLinks?: boolean;
  /** The deployed templates (null: the built-in ones), asked at every send; must answer at once (sends run inside transactions). */
  templates?: () => LiveEmailTemplates | null;
  /** Retry policy of `mail.send` (tests shorten it). */
  maxAttempts?: number;
  backoffMs?: number;
}

/** An SMTP reply in the 5xx range is a refusal for good (no such mailbox); anything else may pass later. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMailer(db: Db, jobs: Jobs, opts: MailerOptions): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const renderers = new Map<string, AttachmentRenderer>();
  // The outbox's page, prepared once: what the screen shows of each email (not its HTML), newest first.
  const outboxPage = preparePage(
    db
      .select({
        id: outboxEmails.id,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        text: outboxEmails.text,
        status: outboxEmails.status,
        attempts: outboxEmails.attempts,
        error: outboxEmails.error,
        createdAt: outboxEmails.createdAt,
        sentAt: outboxEmails.sentAt,
        attachments: outboxEmails.attachments,
        matched: totalOf(db.select({ n: count() }).from(outboxEmails)),
      })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)),
  );

  async function renderAttachments(list: readonly OutboxAttachment[]) {
    return Promise.all(
      list.map(async (a) => {
        const render = renderers.get(a.kind);
        if (!render) throw new Error(`no renderer for attachments of kind ${a.kind}`);
        return { filename: a.filename, contentType: a.contentType, content: await render(a.id) };
      }),
    );
  }

  jobs.handle(
    'mail.send',
    async ({ outboxId }, ctx) => {
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId));
      // Sent already (this is a repeat after a lost acknowledgement), gone, or given up on (its
      // recipient was deleted before it left): nothing to do.
      if (!row || row.status === 'sent' || row.status === 'failed') return;
      if (!transport) {
        await db.update(outboxEmails).set({ status: 'kept' }).where(eq(outboxEmails.id, outboxId));
        return;
      }
      try {
        const attachments = row.attachments?.length ? await renderAttachments(row.attachments) : undefined;
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(attachments ? { attachments } : {}),
        });
      } catch (err) {
        const forGood = ctx.lastAttempt || permanent(err);
        const error = String((err as Error).message ?? err).slice(0, 2000);
        await db
          .update(outboxEmails)
          .set({ status: forGood ? 'failed' : 'queued', attempts: ctx.attempt, error })
          .where(eq(outboxEmails.id, outboxId));
        throw permanent(err) ? new PermanentJobError(error) : err;
      }
      await db.update(outboxEmails).set({ status: 'sent', sentAt: new Date(), attempts: ctx.attempt, error: null }).where(eq(outboxEmails.id, outboxId));
    },
    { maxAttempts: opts.maxAttempts ?? MAIL_MAX_ATTEMPTS, backoffMs: opts.backoffMs ?? MAIL_BACKOFF_MS },
  );

  async function store(tx: DbOrTx, email: Omit<Email, 'compose'>): Promise<number> {
    const [row] = await tx
      .insert(outboxEmails)
      .values({ ...email, attachments: email.attachments?.length ? email.attachments : null, status: transport ? 'queued' : 'kept' })
      .returning({ id: outboxEmails.id });
    const id = (row as { id: number }).id;
    if (transport) await jobs.enqueue(tx, 'mail.send', { outboxId: id });
    return id;
  }

  return {
    registerAttachment(kind, render) {
      renderers.set(kind, render);
    },
    renderAttachments,
    async send(given, tx) {
      // The deployed wording and layout (the email as built without them), the HTML sanitized.
      const email = prepareForSending(given, opts.templates?.() ?? null);
      // The row and its job commit together: on the caller's transaction, or on one of our own.
      const id = tx ? await store(tx, email) : await db.transaction((own) => store(own, email));
      if (opts.printLinks) {
        opts.logger.info(
          { outboxId: id, to: email.to, subject: email.subject, links: email.text.match(/https?:\/\/\S+/g) ?? [] },
          'email (development: links printed)',
        );
      }
      if (!transport) {
        opts.logger.info(
          { outboxId: id, subject: email.subject },
          'email kept in the outbox (no SMTP_URL): the master admin reads it at /admin/dashboard/outbox',
        );
      }
      return id;
    },
    async list(page) {
      const current = Math.max(1, Math.floor(page) || 1);
      const { rows, total } = await onePreparedPage(outboxPage, {}, { page: current, pageSize: OUTBOX_PAGE_SIZE });
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: r.status,
          attempts: r.attempts,
          error: r.error,
          createdAt: isoString(r.createdAt),
          sentAt: isoStringOrNull(r.sentAt),
          attachments: (r.attachments ?? []).map((a) => a.filename),
        })),
        page: current,
        pageSize: OUTBOX_PAGE_SIZE,
        total,
        smtp: transport !== null,
      };
    },
    async resend(id, actor) {
      if (!transport) throw new AppError('smtp_not_configured', 'conflict', 'SMTP_URL is not set: there is nothing to send the email through.');
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id)).for('update');
        if (!row) throw new AppError('not_found', 'not_found', 'Email not found.');
        if (row.status === 'queued') throw new AppError('already_queued', 'conflict', 'This email is already waiting to be sent.');
        let sentId = id;
        if (row.status === 'failed') {
          await tx.update(outboxEmails).set({ status: 'queued', attempts: 0, error: null }).where(eq(outboxEmails.id, id));
          await jobs.enqueue(tx, 'mail.send', { outboxId: id });
        } else {
          const { to, subject, text, html, attachments } = row;
          sentId = await store(tx, { to, subject, text, ...(html ? { html } : {}), ...(attachments?.length ? { attachments } : {}) });
        }
        await recordAudit(tx, actor, {
          action: 'EMAIL_RESENT',
          tableName: 'outbox_emails',
          recordId: id,
          oldValues: { status: row.status },
          newValues: { outboxId: sentId },
        });
        return { id: sentId };
      });
    },
    close() {
      transport?.close();
    },
  };
}
