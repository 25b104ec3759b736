// Access Control (spec §6, §9): the authentication and session settings. Save Security Settings first
// shows what the change means for whom (counted on the server), then saves after a fresh password check.
import { useState } from 'react';
import { useFetcher } from 'react-router';
import {
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  PASSWORD_EXPIRY_DAYS,
  REMEMBER_DEVICE_OPTIONS,
  type SecuritySettings,
  SESSION_TIMEOUT_OPTIONS,
  type StoredSecuritySettings,
} from '@shared/schemas/security';
import type { ImpactLine } from '@shared/security-impact';
import type { ActionResult } from '~/lib/action-result';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { useStepUpFetcher } from '~/components/step-up';
import { jsonForm, JSON_SUBMIT } from './json-form';
import { Switch } from '~/components/ui/switch';

type Preview = ActionResult & { changes?: ImpactLine[] };

/** A live hint repeats a number only when the server would take it: never "every 5 days". */
export const validIn = (v: number, range: { min: number; max: number }): boolean => Number.isInteger(v) && v >= range.min && v <= range.max;

const draftOf = ({ version: _v, updatedAt: _a, updatedBy: _b, ...settings }: StoredSecuritySettings): SecuritySettings => settings;

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl bg-white p-5 shadow-sm">
      <legend className="sr-only">{title}</legend>
      <h2 className="mb-2 font-serif text-xl" aria-hidden="true">
        {title}
      </h2>
      {children}
    </fieldset>
  );
}

/** `youNeedTwoFactor`: the master admin saving has no two-factor (requiring it of admins sends them to set it up too). */
export function SecuritySettingsForm({ settings, youNeedTwoFactor }: { settings: StoredSecuritySettings; youNeedTwoFactor: boolean }) {
  const [draft, setDraft] = useState<SecuritySettings>(() => draftOf(settings));
  const preview = useFetcher<Preview>();
  const { fetcher: saver, submit, dialog, steppingUp } = useStepUpFetcher<ActionResult>();
  const [previewed, setPreviewed] = useState<string | null>(null);
  const set = (patch: Partial<SecuritySettings>) => setDraft((d) => ({ ...d, ...patch }));
  const num = (v: string) => (v === '' ? Number.NaN : Number(v));

  const current = JSON.stringify(draft);
  const changes = previewed === current && preview.state === 'idle' ? preview.data?.changes : undefined;
  const refused = steppingUp ? undefined : saver.data;
  const errors = { ...(preview.data?.errors ?? {}), ...(refused?.errors ?? {}) };

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    setPreviewed(current);
    void preview.submit(jsonForm({ intent: 'preview', ...draft }), JSON_SUBMIT);
  };
  const save = () => submit(jsonForm({ intent: 'save', ...draft, version: settings.version }), JSON_SUBMIT);

  return (
    <>
      <form onSubmit={review} noValidate aria-label="Access Control" className="max-w-3xl space-y-6">
        <EditorAlert
          formError={refused?.formError ?? preview.data?.formError}
          code={refused?.code ?? preview.data?.code}
          hint={refused?.hint ?? preview.data?.hint}
        />
        <Group title="Authentication">
          <Switch
            label="Require Two-Factor Authentication (admins and master admin)"
            description="Admins and the master admin must sign in with an authenticator app code to use the admin area; without it they are sent to set it up."
            checked={draft.requireTwoFactorForStaff}
            onChange={(on) => set({ requireTwoFactorForStaff: on })}
          />
          <Switch
            label="Require Two-Factor Authentication (employees)"
            description="The same for employees and custom staff roles: a separate choice."
            checked={draft.requireTwoFactorForEmployees}
            onChange={(on) => set({ requireTwoFactorForEmployees: on })}
          />
          <Field
            label="Remember device"
            name="rememberDeviceDays"
            hint="How long a device trusted at the two-factor prompt skips the code."
            error={errors.rememberDeviceDays}
          >
            {(p) => (
              <select
                {...p}
                value={draft.rememberDeviceDays}
                onChange={(e) => set({ rememberDeviceDays: Number(e.target.value) as SecuritySettings['rememberDeviceDays'] })}
              >
                {REMEMBER_DEVICE_OPTIONS.map((d) => (
                  <option key={d} value={d}>
                    {d} {d === 1 ? 'day' : 'days'}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </Group>

        <Group title="Passwords">
          <Switch
            label="Password Expiry"
            description={`Force a password reset every ${draft.passwordExpiryEnabled && validIn(draft.passwordExpiryDays, PASSWORD_EXPIRY_DAYS) ? draft.passwordExpiryDays : 'N'} days, at sign-in.`}
            checked={draft.passwordExpiryEnabled}
            onChange={(on) => set({ passwordExpiryEnabled: on })}
          />
          {draft.passwordExpiryEnabled ? (
            <Field
              label="Days before a password expires"
              name="passwordExpiryDays"
              hint={`${PASSWORD_EXPIRY_DAYS.min} to ${PASSWORD_EXPIRY_DAYS.max}.`}
              error={errors.passwordExpiryDays}
            >
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={PASSWORD_EXPIRY_DAYS.min}
                  max={PASSWORD_EXPIRY_DAYS.max}
                  value={Number.isNaN(draft.passwordExpiryDays) ? '' : draft.passwordExpiryDays}
                  onChange={(e) => set({ passwordExpiryDays: num(e.target.value) })}
                />
              )}
            </Field>
          ) : null}
          <Switch
            label="Account Locking"
            description={`After ${draft.lockoutEnabled && validIn(draft.lockoutThreshold, LOCKOUT_THRESHOLD) ? draft.lockoutThreshold : 'N'} failed attempts, lock out the address that made them.`}
            checked={draft.lockoutEnabled}
            onChange={(on) => set({ lockoutEnabled: on })}
          />
          {draft.lockoutEnabled ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Failed attempts"
                name="lockoutThreshold"
                hint={`${LOCKOUT_THRESHOLD.min} to ${LOCKOUT_THRESHOLD.max}.`}
                error={errors.lockoutThreshold}
              >
                {(p) => (
                  <input
                    {...p}
                    type="number"
                    min={LOCKOUT_THRESHOLD.min}
                    max={LOCKOUT_THRESHOLD.max}
                    value={Number.isNaN(draft.lockoutThreshold) ? '' : draft.lockoutThreshold}
                    onChange={(e) => set({ lockoutThreshold: num(e.target.value) })}
                  />
                )}
              </Field>
              <Field
                label="Locked for (minutes)"
                name="lockoutMinutes"
                hint={`${LOCKOUT_MINUTES.min} to ${LOCKOUT_MINUTES.max.toLocaleString('en')}.`}
                error={errors.lockoutMinutes}
              >
                {(p) => (
                  <input
                    {...p}
                    type="number"
                    min={LOCKOUT_MINUTES.min}
                    max={LOCKOUT_MINUTES.max}
                    value={Number.isNaN(draft.lockoutMinutes) ? '' : draft.lockoutMinutes}
                    onChange={(e) => set({ lockoutMinutes: num(e.target.value) })}
                  />
                )}
              </Field>
            </div>
          ) : null}
        </Group>

        <Group title="Sessions">
          <Switch
            label="Session Timeout"
            description="End a session left idle for longer than the time below (every session ends after 7 days regardless)."
            checked={draft.sessionTimeoutEnabled}
            onChange={(on) => set({ sessionTimeoutEnabled: on })}
          />
          {draft.sessionTimeoutEnabled ? (
            <Field label="Idle time" name="sessionTimeoutMinutes" error={errors.sessionTimeoutMinutes}>
              {(p) => (
                <select
                  {...p}
                  value={draft.sessionTimeoutMinutes}
                  onChange={(e) => set({ sessionTimeoutMinutes: Number(e.target.value) as SecuritySettings['sessionTimeoutMinutes'] })}
                >
                  {SESSION_TIMEOUT_OPTIONS.map((m) => (
                    <option key={m} value={m}>
                      {m} minutes
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </Group>

        {changes ? (
          <section aria-labelledby="access-summary" className="rounded-xl border border-brass bg-amber-50 p-5" data-testid="settings-summary">
            <h2 id="access-summary" className="font-serif text-xl">
              What changes, for whom
            </h2>
            {changes.length === 0 ? (
              <p className="mt-2 text-sm">Nothing changes: these are the settings in force.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {changes.map((c) => (
                  <li key={c.setting}>
                    <span className="font-medium">{c.who}:</span> {c.what}
                  </li>
                ))}
                {youNeedTwoFactor && draft.requireTwoFactorForStaff && changes.some((c) => c.setting === 'twoFactorAdmins') ? (
                  <li>
                    <span className="font-medium">You:</span> two-factor authentication is off on your account, so you will be sent to set it up at your next
                    page.
                  </li>
                ) : null}
              </ul>
            )}
            <div className="mt-4 flex gap-3">
              <button type="button" className={buttonClass.primary} onClick={save} disabled={changes.length === 0 || saver.state !== 'idle'}>
                {saver.state !== 'idle' ? 'Saving…' : 'Confirm and Save'}
              </button>
              <button type="button" className={buttonClass.secondary} onClick={() => setPreviewed(null)}>
                Keep Editing
              </button>
            </div>
          </section>
        ) : (
          <button type="submit" className={buttonClass.primary} disabled={preview.state !== 'idle'}>
            {preview.state !== 'idle' ? 'Checking…' : 'Save Security Settings'}
          </button>
        )}
        {settings.updatedAt && settings.updatedBy ? (
          <p className="text-sm text-stone-600">Last saved {settings.updatedAt.replace('T', ' ').slice(0, 16)} UTC.</p>
        ) : null}
      </form>
      {/* Outside the form: the password dialog's own form must not be nested in this one. */}
      {dialog}
    </>
  );
}
