import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS as D } from './schemas/security';
import { describeSettingsChange } from './security-impact';

const NONE = { adminsWithoutTwoFactor: 0, employeesWithoutTwoFactor: 0, passwordsNewlyExpired: 0, sessionsNewlyIdle: 0 };

describe('what saving the Access Control settings changes, for whom', () => {
  it('says nothing when nothing changes', () => {
    expect(describeSettingsChange(D, { ...D }, NONE)).toEqual([]);
  });

  it('names admins and employees apart, with how many must set two-factor up', () => {
    const lines = describeSettingsChange(
      D,
      { ...D, requireTwoFactorForStaff: true, requireTwoFactorForEmployees: true },
      { ...NONE, adminsWithoutTwoFactor: 2 },
    );
    expect(lines.map((l) => [l.setting, l.who])).toEqual([
      ['twoFactorAdmins', 'Admins and the master admin'],
      ['twoFactorEmployees', 'Employees and custom staff roles'],
    ]);
    expect(lines[0]?.what).toContain('2 people without it will be sent to set it up at their next page');
    expect(lines[1]?.what).toContain('Every one of them has it on already');
  });

  it('counts the passwords a shorter expiry ends and the sessions a shorter timeout ends', () => {
    const lines = describeSettingsChange(
      D,
      { ...D, passwordExpiryDays: 30, sessionTimeoutMinutes: 15 },
      { ...NONE, passwordsNewlyExpired: 1, sessionsNewlyIdle: 3 },
    );
    expect(lines.find((l) => l.setting === 'passwordExpiry')?.what).toBe(
      'Passwords expire 30 days after they were set. 1 person will be asked to choose a new password at their next sign-in.',
    );
    expect(lines.find((l) => l.setting === 'sessionTimeout')?.what).toBe(
      'Sessions idle for more than 15 minutes end. 3 sessions idle longer than that end at once.',
    );
  });

  it('describes switching things off, locking and remembered devices', () => {
    const lines = describeSettingsChange(
      D,
      { ...D, passwordExpiryEnabled: false, lockoutThreshold: 10, sessionTimeoutEnabled: false, rememberDeviceDays: 7 },
      NONE,
    );
    expect(lines.map((l) => l.what)).toEqual([
      'Passwords no longer expire.',
      'After 10 failed attempts, the address that made them is locked out for 15 minutes (from the next failure on).',
      'Idle sessions no longer end (every session still ends after 7 days).',
      'A device remembered from now on skips the code for 7 days; devices remembered already keep their date.',
    ]);
  });

  it('writes a count of one in the singular', () => {
    const lines = describeSettingsChange(D, { ...D, lockoutMinutes: 1, rememberDeviceDays: 1 }, NONE);
    expect(lines.map((l) => l.what)).toEqual([
      'After 5 failed attempts, the address that made them is locked out for 1 minute (from the next failure on).',
      'A device remembered from now on skips the code for 1 day; devices remembered already keep their date.',
    ]);
  });
});
