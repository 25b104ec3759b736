// The text of the emails accounts send. The account emails' wording is template text
// (built-in-templates.ts) that the site's assets repository can replace; every email carries how it
// was made (`compose`), so the mailer can render it again with the deployed templates and layout.
import { BUILT_IN_LAYOUT, builtInTemplate, type TemplateName } from './built-in-templates';
import { composeParts, type EmailNode, renderTemplate } from './compose';
import type { Email } from './mailer';

function fromTemplate(to: string, template: TemplateName, vars: Record<string, string>): Email {
  return { to, ...renderTemplate(builtInTemplate(template), vars, BUILT_IN_LAYOUT), compose: { template, vars } };
}

function email(to: string, subject: string, lines: string[], link: { label: string; url: string }): Email {
  const paragraphs: EmailNode[] = [
    ...lines.map((text) => ({ kind: 'text' as const, text })),
    { kind: 'link', label: link.label, href: link.url },
    { kind: 'text', text: '— Frolic' },
  ];
  return { to, ...composeParts(subject, paragraphs, BUILT_IN_LAYOUT), compose: { paragraphs } };
}

export const confirmEmail = (to: string, name: string, url: string) => fromTemplate(to, 'confirm-email', { name, url });

export const resetPassword = (to: string, url: string) => fromTemplate(to, 'reset-password', { url });

/** `source`: one address guessed and only it is locked out; `account`: guesses came from many places. */
export const accountLocked = (to: string, url: string, minutes: number, scope: 'source' | 'account' = 'source') =>
  fromTemplate(to, scope === 'account' ? 'account-locked-everywhere' : 'account-locked', { minutes: String(minutes), url });

export const invitation = (to: string, name: string, url: string) => fromTemplate(to, 'invitation', { name, url });

export const partnerInvitation = (to: string, name: string, organisation: string, url: string) =>
  fromTemplate(to, 'partner-invitation', { name, organisation, url });

/** News about a partner's marketing request (a new one, a decision, a fulfilment, a comment), for either side. */
export const marketingRequestEmail = (to: string, subject: string, lines: string[], url: string) =>
  email(to, subject, lines, { label: 'Open the request', url });

/** The daily licence check: `days` before the licence's last valid day (30 or 7), or after it (expired). */
export const licenceWarning = (to: string, organisation: string, licence: string, lastDay: string, days: number, url: string) =>
  email(
    to,
    days < 0 ? `The licence of ${organisation} has expired` : `The licence of ${organisation} expires in ${days} day${days === 1 ? '' : 's'}`,
    days < 0
      ? [
          'Hello,',
          `Licence ${licence} of ${organisation} was valid until ${lastDay}. Until Frolic records the renewed licence, your people can sign in and read, but cannot place or approve anything.`,
          'Send the renewed licence to your Frolic account manager.',
        ]
      : [
          'Hello,',
          `Licence ${licence} of ${organisation} is valid until ${lastDay}. Send the renewed licence to your Frolic account manager before then: once it expires, your people cannot place or approve anything in the partner portal.`,
        ],
    { label: 'Sign in to the partner portal', url },
  );

/** News about a trade order (placed, offered, accepted, declined, seen, approved, rejected, cancelled, shipped, delivered, a message), for either side. */
export const orderEmail = (to: string, subject: string, lines: string[], url: string) => email(to, subject, lines, { label: 'Open the order', url });

/** News about a shipment or its receipt (shipped, in transit, held up, received, a discrepancy and its answer), for either side. */
export const shipmentEmail = (to: string, subject: string, lines: string[], url: string) => email(to, subject, lines, { label: 'Open the shipment', url });

/** An invoice or a credit note for a partner: the document's PDF attached (rendered when the email is sent). */
export const invoiceEmail = (to: string, subject: string, lines: string[], url: string, attachments: Email['attachments']) => ({
  ...email(to, subject, lines, { label: 'Open it in the partner portal', url }),
  attachments,
});
/** News about a payment or an overdue invoice (recorded, settled, failed, credit applied, overdue), for either side. */
export const paymentEmail = (to: string, subject: string, lines: string[], url: string) => email(to, subject, lines, { label: 'Open Payments', url });

/** A master admin sent the person a link to choose a new password (user administration). */
export const adminPasswordReset = (to: string, name: string, url: string) => fromTemplate(to, 'admin-password-reset', { name, url });

/** A master admin switched off the person's two-factor authentication (a lost device). */
export const twoFactorDisabledByAdmin = (to: string, name: string, url: string) => fromTemplate(to, 'two-factor-disabled', { name, url });
