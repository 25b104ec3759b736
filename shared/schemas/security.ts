// Access Control settings (spec §6, §9) as the master admin edits them.
import { z } from 'zod';

export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120] as const;
export const REMEMBER_DEVICE_OPTIONS = [1, 7, 30, 90] as const;

export const securitySettingsSchema = z.object({
  /** Spec §6 "Require Two-Factor Authentication (admins and master admin)". */
  requireTwoFactorForStaff: z.boolean(),
  /** The same for employees (and custom staff roles): a separate choice. */
  requireTwoFactorForEmployees: z.boolean(),
  passwordExpiryEnabled: z.boolean(),
  passwordExpiryDays: z.number().int().min(7).max(730),
  lockoutEnabled: z.boolean(),
  lockoutThreshold: z.number().int().min(3).max(20),
  lockoutMinutes: z.number().int().min(1).max(1440),
  sessionTimeoutEnabled: z.boolean(),
  sessionTimeoutMinutes: z.union(SESSION_TIMEOUT_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<120>]),
  rememberDeviceDays: z.union(REMEMBER_DEVICE_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** A save from the Access Control screen (or the API): the settings and the version the editor read. */
export const securitySettingsSave = securitySettingsSchema.extend({ version: z.number().int().positive() });
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
