// Contact messages and business inquiries from the public forms: validated, rate-limited per IP,
// protected by a honeypot, stored with their audit row in one transaction.
import { type BusinessInquiryForm, type ContactForm, MIN_FILL_MS } from '../../../shared/schemas/inquiries';
import type { Db } from '../../db/client';
import { businessInquiries, contactMessages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { type Actor, recordAudit } from '../audit/service';

/** Per IP: 5 submissions of each form in 10 minutes. */
export const INQUIRY_LIMIT = 5;
export const INQUIRY_WINDOW_MS = 10 * 60_000;

export interface BotSignals {
  honeypot?: string;
  startedAt?: number;
  /** Sent by our own page form, which always carries the time it was shown. */
  fromPage?: boolean;
}

export interface InquiryService {
  submitContact(form: ContactForm, bot: BotSignals, actor: Actor): Promise<{ id: number } | { discarded: true }>;
  submitBusinessInquiry(form: BusinessInquiryForm, bot: BotSignals, actor: Actor): Promise<{ id: number } | { discarded: true }>;
  readonly limiter: RateLimiter;
}

export function createInquiryService(db: Db, now: () => number = Date.now): InquiryService {
  const limiter = createRateLimiter({ limit: INQUIRY_LIMIT, windowMs: INQUIRY_WINDOW_MS, now, what: 'messages from your network' });

  /** A bot fills the hidden field or submits faster than a person can type: accept silently, store nothing. */
  function looksAutomated(bot: BotSignals): boolean {
    if (bot.honeypot) return true;
    if (bot.fromPage && bot.startedAt === undefined) return true;
    return bot.startedAt !== undefined && Number.isFinite(bot.startedAt) && now() - bot.startedAt < MIN_FILL_MS;
  }

  function checkLimit(kind: string, actor: Actor) {
    if (!actor.ip) throw new AppError('bad_request', 400, 'The sender could not be identified.');
    limiter.hit(`${kind}:${actor.ip}`);
  }

  return {
    limiter,
    async submitContact(form, bot, actor) {
      checkLimit('contact', actor);
      if (looksAutomated(bot)) return { discarded: true };
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values({ ...form, ipAddress: actor.ip }).returning({ id: contactMessages.id });
        const id = (row as { id: number }).id;
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'contact_messages', recordId: id, newValues: { subject: form.subject, email: form.email } });
        return { id };
      });
    },
    async submitBusinessInquiry(form, bot, actor) {
      checkLimit('business', actor);
      if (looksAutomated(bot)) return { discarded: true };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(businessInquiries)
          .values({ ...form, phone: form.phone ?? null, licenceNumber: form.licenceNumber ?? null, ipAddress: actor.ip })
          .returning({ id: businessInquiries.id });
        const id = (row as { id: number }).id;
        await recordAudit(tx, actor, {
          action: 'INSERT',
          tableName: 'business_inquiries',
          recordId: id,
          newValues: { company: form.company, partnerType: form.partnerType, country: form.country },
        });
        return { id };
      });
    },
  };
}
