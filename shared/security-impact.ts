// What saving the Access Control settings changes, for whom (the summary the master admin reads
// before saving). Pure: the server counts the people and sessions concerned, this says it in words.
import type { SecuritySettings } from './schemas/security';
import { plural } from './plural';

/** How many people or sessions a change reaches, counted by the server for the settings proposed. */
export interface ImpactCounts {
  /** Active admins and master admins without two-factor. */
  adminsWithoutTwoFactor: number;
  /** Active employees (and custom staff roles) without two-factor, admins not counted. */
  employeesWithoutTwoFactor: number;
  /** Active people whose password expires under the new setting and did not under the old. */
  passwordsNewlyExpired: number;
  /** Open sessions idle longer than the new timeout that the old one let live. */
  sessionsNewlyIdle: number;
}

export interface ImpactLine {
  /** The setting it comes from. */
  setting: 'twoFactorAdmins' | 'twoFactorEmployees' | 'passwordExpiry' | 'lockout' | 'sessionTimeout' | 'rememberDevice';
  who: string;
  what: string;
}

const people = (n: number) => plural(n, 'person', 'people');

function twoFactor(setting: ImpactLine['setting'], who: string, before: boolean, after: boolean, without: number): ImpactLine | null {
  if (before === after) return null;
  if (!after) return { setting, who, what: 'Two-factor authentication becomes optional in the admin area.' };
  return {
    setting,
    who,
    what:
      without === 0
        ? 'Two-factor authentication becomes required in the admin area. Every one of them has it on already.'
        : `Two-factor authentication becomes required in the admin area: ${people(without)} without it will be sent to set it up at their next page.`,
  };
}

/** The lines of the summary, in the screen's order; none when nothing changes. */
export function describeSettingsChange(before: SecuritySettings, after: SecuritySettings, counts: ImpactCounts): ImpactLine[] {
  const lines: (ImpactLine | null)[] = [
    twoFactor('twoFactorAdmins', 'Admins and the master admin', before.requireTwoFactorForStaff, after.requireTwoFactorForStaff, counts.adminsWithoutTwoFactor),
    twoFactor(
      'twoFactorEmployees',
      'Employees and custom staff roles',
      before.requireTwoFactorForEmployees,
      after.requireTwoFactorForEmployees,
      counts.employeesWithoutTwoFactor,
    ),
  ];

  const expiryChanged =
    before.passwordExpiryEnabled !== after.passwordExpiryEnabled || (after.passwordExpiryEnabled && before.passwordExpiryDays !== after.passwordExpiryDays);
  if (expiryChanged) {
    const who = 'Everyone with a password';
    if (!after.passwordExpiryEnabled) lines.push({ setting: 'passwordExpiry', who, what: 'Passwords no longer expire.' });
    else {
      const n = counts.passwordsNewlyExpired;
      lines.push({
        setting: 'passwordExpiry',
        who,
        what:
          `Passwords expire ${plural(after.passwordExpiryDays, 'day')} after they were set. ` +
          (n === 0 ? 'Nobody’s password expires because of this change.' : `${people(n)} will be asked to choose a new password at their next sign-in.`),
      });
    }
  }

  const lockoutChanged =
    before.lockoutEnabled !== after.lockoutEnabled ||
    (after.lockoutEnabled && (before.lockoutThreshold !== after.lockoutThreshold || before.lockoutMinutes !== after.lockoutMinutes));
  if (lockoutChanged) {
    lines.push({
      setting: 'lockout',
      who: 'Everyone signing in',
      what: after.lockoutEnabled
        ? `After ${after.lockoutThreshold} failed attempts, the address that made them is locked out for ${plural(after.lockoutMinutes, 'minute')} (from the next failure on).`
        : 'Failed sign-ins no longer lock anyone out.',
    });
  }

  const timeoutChanged =
    before.sessionTimeoutEnabled !== after.sessionTimeoutEnabled ||
    (after.sessionTimeoutEnabled && before.sessionTimeoutMinutes !== after.sessionTimeoutMinutes);
  if (timeoutChanged) {
    const n = counts.sessionsNewlyIdle;
    lines.push({
      setting: 'sessionTimeout',
      who: 'Everyone signed in',
      what: after.sessionTimeoutEnabled
        ? `Sessions idle for more than ${plural(after.sessionTimeoutMinutes, 'minute')} end.` +
          (n === 0 ? '' : ` ${n === 1 ? '1 session idle longer than that ends' : `${n} sessions idle longer than that end`} at once.`)
        : 'Idle sessions no longer end (every session still ends after 7 days).',
    });
  }

  if (before.rememberDeviceDays !== after.rememberDeviceDays) {
    lines.push({
      setting: 'rememberDevice',
      who: 'People with two-factor',
      what: `A device remembered from now on skips the code for ${plural(after.rememberDeviceDays, 'day')}; devices remembered already keep their date.`,
    });
  }
  return lines.filter((l): l is ImpactLine => l !== null);
}
