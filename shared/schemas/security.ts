// Access Control settings (spec §6, §9) as the master admin edits them.
import { versionField } from './admin';
import { wholeNumber } from './numbers';
import { z } from './zod';

export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120] as const;
export const REMEMBER_DEVICE_OPTIONS = [1, 7, 30, 90] as const;

/** The limits the screen shows and the schema enforces. */
export const PASSWORD_EXPIRY_DAYS = { min: 7, max: 730 } as const;
export const LOCKOUT_THRESHOLD = { min: 3, max: 20 } as const;
export const LOCKOUT_MINUTES = { min: 1, max: 1440 } as const;

const onOff = (what: string) => z.boolean({ error: `Turn ${what} on or off.` });
const oneOf = (options: readonly number[]) => `${options.slice(0, -1).map(String).join(', ')} or ${options.at(-1)}`;

export const securitySettingsSchema = z.object({
  /** Spec §6 "Require Two-Factor Authentication (admins and master admin)". */
  requireTwoFactorForStaff: onOff('two-factor authentication for admins'),
  /** The same for employees (and custom staff roles): a separate choice. */
  requireTwoFactorForEmployees: onOff('two-factor authentication for employees'),
  passwordExpiryEnabled: onOff('password expiry'),
  passwordExpiryDays: wholeNumber({
    ...PASSWORD_EXPIRY_DAYS,
    required: `Enter the password expiry in whole days, from ${PASSWORD_EXPIRY_DAYS.min} to ${PASSWORD_EXPIRY_DAYS.max}.`,
    tooSmall: `Password expiry must be at least ${PASSWORD_EXPIRY_DAYS.min} days.`,
    tooBig: `Password expiry cannot be more than ${PASSWORD_EXPIRY_DAYS.max} days.`,
  }),
  lockoutEnabled: onOff('account locking'),
  lockoutThreshold: wholeNumber({
    ...LOCKOUT_THRESHOLD,
    required: `Enter the number of failed attempts, from ${LOCKOUT_THRESHOLD.min} to ${LOCKOUT_THRESHOLD.max}.`,
    tooSmall: `Failed attempts must be at least ${LOCKOUT_THRESHOLD.min}.`,
    tooBig: `Failed attempts cannot be more than ${LOCKOUT_THRESHOLD.max}.`,
  }),
  lockoutMinutes: wholeNumber({
    ...LOCKOUT_MINUTES,
    required: `Enter how many minutes the lock lasts, from ${LOCKOUT_MINUTES.min} to ${LOCKOUT_MINUTES.max.toLocaleString('en')}.`,
    tooSmall: `The lock must last at least ${LOCKOUT_MINUTES.min} minute.`,
    tooBig: `The lock cannot last more than ${LOCKOUT_MINUTES.max.toLocaleString('en')} minutes.`,
  }),
  sessionTimeoutEnabled: onOff('the session timeout'),
  sessionTimeoutMinutes: z.union(
    SESSION_TIMEOUT_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<120>],
    {
      error: `Choose an idle time of ${oneOf(SESSION_TIMEOUT_OPTIONS)} minutes.`,
    },
  ),
  rememberDeviceDays: z.union(REMEMBER_DEVICE_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>], {
    error: `Choose to remember a device for ${oneOf(REMEMBER_DEVICE_OPTIONS)} days.`,
  }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** A save from the Access Control screen (or the API): the settings and the version the editor read. */
export const securitySettingsSave = securitySettingsSchema.extend({ version: versionField });
export type SecuritySettingsSave = z.infer<typeof securitySettingsSave>;

/** The stored row as the screen reads it. */
export type StoredSecuritySettings = SecuritySettings & { version: number; updatedAt: string | null; updatedBy: string | null };

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  requireTwoFactorForStaff: false,
  requireTwoFactorForEmployees: false,
  passwordExpiryEnabled: true,
  passwordExpiryDays: 90,
  lockoutEnabled: true,
  lockoutThreshold: 5,
  lockoutMinutes: 15,
  sessionTimeoutEnabled: true,
  sessionTimeoutMinutes: 60,
  rememberDeviceDays: 30,
};
