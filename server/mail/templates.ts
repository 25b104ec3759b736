// The text of the emails accounts send.
import type { Email } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function email(to: string, subject: string, lines: string[], link: { label: string; url: string }): Email {
  const text = `${lines.join('\n\n')}\n\n${link.label}: ${link.url}\n\n— Frolic`;
  const html = `<div style="font-family:Georgia,serif;max-width:560px">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p><a href="${escape(link.url)}">${escape(link.label)}</a></p><p>— Frolic</p></div>`;
  return { to, subject, text, html };
}

export const confirmEmail = (to: string, name: string, url: string) =>
  email(
    to,
    'Confirm your Frolic account',
    [`Hello ${name},`, 'Please confirm your email address to finish creating your account. The link works once and expires in 24 hours.'],
    { label: 'Confirm my email', url },
  );

export const resetPassword = (to: string, url: string) =>
  email(
    to,
    'Reset your Frolic password',
    [
      'Someone (hopefully you) asked to reset the password of your Frolic account. The link works once and expires in one hour. If it was not you, ignore this email.',
    ],
    { label: 'Choose a new password', url },
  );

/** `source`: one address guessed and only it is locked out; `account`: guesses came from many places. */
export const accountLocked = (to: string, url: string, minutes: number, scope: 'source' | 'account' = 'source') =>
  email(
    to,
    'Your Frolic account was locked',
    [
      scope === 'account'
        ? `There were too many failed sign-in attempts on your account from several places, so we locked it for ${minutes} minutes. Devices you have signed in with before can still sign in.`
        : `There were too many failed sign-in attempts on your account from one place, so we blocked sign-in from there for ${minutes} minutes. You can still sign in from elsewhere, and from devices you have signed in with before.`,
      'If it was you, you can set a new password now, which also unlocks the account. If it was not you, set a new password anyway. The link works once, expires in one hour and replaces any earlier reset link.',
    ],
    { label: 'Set a new password and unlock', url },
  );

export const invitation = (to: string, name: string, url: string) =>
  email(
    to,
    'You are invited to Frolic',
    [`Hello ${name},`, 'An administrator created a Frolic account for you. Choose your password to start. The link expires in 7 days.'],
    { label: 'Choose my password', url },
  );

export const partnerInvitation = (to: string, name: string, organisation: string, url: string) =>
  email(
    to,
    `You are invited to the Frolic partner portal for ${organisation}`,
    [
      `Hello ${name},`,
      `Frolic created a partner portal account for you at ${organisation}. Choose your password to sign in: you will see the catalogue at your prices and can request marketing support. The link works once and expires in 7 days.`,
    ],
    { label: 'Choose my password', url },
  );

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

/** Stock allocated to a distributor by its importer: what arrived. */
export const stockAllocatedEmail = (to: string, importer: string, lines: string[], url: string) =>
  email(to, `${importer} allocated stock to you`, [`Hello,`, `${importer} allocated stock to your organisation:`, ...lines], { label: 'See your stock', url });

/** News about a trade order (placed, seen, approved, rejected, cancelled, shipped, delivered, a message), for either side. */
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
export const adminPasswordReset = (to: string, name: string, url: string) =>
  email(
    to,
    'Choose a new Frolic password',
    [
      `Hello ${name},`,
      'An administrator sent you this link to choose a new password for your Frolic account. It works once and expires in one hour, and replaces any earlier reset link. If you did not expect it, ask your administrator.',
    ],
    { label: 'Choose a new password', url },
  );

/** A master admin switched off the person's two-factor authentication (a lost device). */
export const twoFactorDisabledByAdmin = (to: string, name: string, url: string) =>
  email(
    to,
    'Two-factor authentication was switched off on your Frolic account',
    [
      `Hello ${name},`,
      'An administrator switched off two-factor authentication on your account, usually because the device with your authenticator app was lost. You now sign in with your password alone; your recovery codes and remembered devices no longer work.',
      'Set two-factor authentication up again from your account page. If you did not ask for this, tell your administrator at once.',
    ],
    { label: 'Set up two-factor authentication', url },
  );
