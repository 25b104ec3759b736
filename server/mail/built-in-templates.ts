// The account emails' wording and the layout every email is wrapped in, as template text
// (compose.ts). They seed the site's assets repository (`emails/*.txt`, `emails/layout.html`); once a
// deploy has published the repository, the mailer uses the deployed text instead, and falls back to
// these when a deployed file is missing. Each template names the values the mailer gives it.

import { type EmailTemplate, parseTemplate } from './compose';

export const BUILT_IN_LAYOUT = '<div style="font-family:Georgia,serif;max-width:560px">{{content}}</div>\n';

export interface BuiltInTemplate {
  /** What the email is, for the repository's README and the editor. */
  purpose: string;
  /** The values the mailer fills in; a template may use no others. `url` is the email's link. */
  vars: readonly string[];
  /** Values to render it with when a deploy checks it. */
  sample: Readonly<Record<string, string>>;
  source: string;
}

const SAMPLE_URL = 'https://frolic.example/auth/reset-password?token=sample';

export const BUILT_IN_TEMPLATES = {
  'confirm-email': {
    purpose: 'Sent after sign-up: confirm the email address.',
    vars: ['name', 'url'],
    sample: { name: 'Alex', url: SAMPLE_URL },
    source: `Subject: Confirm your Frolic account

Hello {{name}},

Please confirm your email address to finish creating your account. The link works once and expires in 24 hours.

[Confirm my email]({{url}})

— Frolic
`,
  },
  'reset-password': {
    purpose: 'Sent when someone asks to reset their password.',
    vars: ['url'],
    sample: { url: SAMPLE_URL },
    source: `Subject: Reset your Frolic password

Someone (hopefully you) asked to reset the password of your Frolic account. The link works once and expires in one hour. If it was not you, ignore this email.

[Choose a new password]({{url}})

— Frolic
`,
  },
  'account-locked': {
    purpose: 'Sent when failed sign-ins from one place lock that place out.',
    vars: ['minutes', 'url'],
    sample: { minutes: '15', url: SAMPLE_URL },
    source: `Subject: Your Frolic account was locked

There were too many failed sign-in attempts on your account from one place, so we blocked sign-in from there for {{minutes}} minutes. You can still sign in from elsewhere, and from devices you have signed in with before.

If it was you, you can set a new password now, which also unlocks the account. If it was not you, set a new password anyway. The link works once, expires in one hour and replaces any earlier reset link.

[Set a new password and unlock]({{url}})

— Frolic
`,
  },
  'account-locked-everywhere': {
    purpose: 'Sent when failed sign-ins from many places lock the account.',
    vars: ['minutes', 'url'],
    sample: { minutes: '15', url: SAMPLE_URL },
    source: `Subject: Your Frolic account was locked

There were too many failed sign-in attempts on your account from several places, so we locked it for {{minutes}} minutes. Devices you have signed in with before can still sign in.

If it was you, you can set a new password now, which also unlocks the account. If it was not you, set a new password anyway. The link works once, expires in one hour and replaces any earlier reset link.

[Set a new password and unlock]({{url}})

— Frolic
`,
  },
  invitation: {
    purpose: 'Sent to a new staff member or customer an administrator created.',
    vars: ['name', 'url'],
    sample: { name: 'Alex', url: SAMPLE_URL },
    source: `Subject: You are invited to Frolic

Hello {{name}},

An administrator created a Frolic account for you. Choose your password to start. The link expires in 7 days.

[Choose my password]({{url}})

— Frolic
`,
  },
  'partner-invitation': {
    purpose: 'Sent to a new partner user of an organisation.',
    vars: ['name', 'organisation', 'url'],
    sample: { name: 'Alex', organisation: 'Harbour Imports Ltd', url: SAMPLE_URL },
    source: `Subject: You are invited to the Frolic partner portal for {{organisation}}

Hello {{name}},

Frolic created a partner portal account for you at {{organisation}}. Choose your password to sign in: you will see the catalogue at your prices and can request marketing support. The link works once and expires in 7 days.

[Choose my password]({{url}})

— Frolic
`,
  },
  'admin-password-reset': {
    purpose: 'Sent when a master admin sends someone a password link.',
    vars: ['name', 'url'],
    sample: { name: 'Alex', url: SAMPLE_URL },
    source: `Subject: Choose a new Frolic password

Hello {{name}},

An administrator sent you this link to choose a new password for your Frolic account. It works once and expires in one hour, and replaces any earlier reset link. If you did not expect it, ask your administrator.

[Choose a new password]({{url}})

— Frolic
`,
  },
  'two-factor-disabled': {
    purpose: 'Sent when a master admin switches off someone’s two-factor authentication.',
    vars: ['name', 'url'],
    sample: { name: 'Alex', url: 'https://frolic.example/account/two-factor' },
    source: `Subject: Two-factor authentication was switched off on your Frolic account

Hello {{name}},

An administrator switched off two-factor authentication on your account, usually because the device with your authenticator app was lost. You now sign in with your password alone; your recovery codes and remembered devices no longer work.

Set two-factor authentication up again from your account page. If you did not ask for this, tell your administrator at once.

[Set up two-factor authentication]({{url}})

— Frolic
`,
  },
} as const satisfies Record<string, BuiltInTemplate>;

export type TemplateName = keyof typeof BUILT_IN_TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(BUILT_IN_TEMPLATES) as TemplateName[];

const parsed = new Map<TemplateName, EmailTemplate>();
/** A built-in template, parsed (once). */
export function builtInTemplate(name: TemplateName): EmailTemplate {
  let t = parsed.get(name);
  if (!t) parsed.set(name, (t = parseTemplate(BUILT_IN_TEMPLATES[name].source)));
  return t;
}
