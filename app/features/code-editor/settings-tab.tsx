// Settings (spec §9 defaults), stored per user. The editor's own (theme, font, size, tab size,
// wrapping) apply at once; those that need something this installation does not have — a remote,
// another environment, a build — say so beside them.
import { useState } from 'react';
import {
  type BranchInfo,
  EDITOR_FONT_SIZES,
  EDITOR_FONTS,
  EDITOR_THEME_LABELS,
  EDITOR_THEMES,
  type EditorSettings,
  ENVIRONMENTS,
  fontStack,
  GIT_AUTH,
  SETTING_NOTES,
} from '@shared/code-editor-constants';
import { buttonClass } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { toast } from '~/lib/toast-store';
import { codeApi, messageFor } from './api';

const TAB_LABELS = { '2': '2 spaces', '4': '4 spaces', tab: 'Tab' } as const;
const ENV_LABELS = { development: 'Development', staging: 'Staging', production: 'Production' } as const;
const AUTH_LABELS = { ssh: 'SSH', https: 'HTTPS', token: 'Token' } as const;

export function SettingsTab({ settings, branches, onSaved }: { settings: EditorSettings; branches: BranchInfo[]; onSaved: (s: EditorSettings) => void }) {
  const [draft, setDraft] = useState(settings);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EditorSettings>(key: K, value: EditorSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { settings: saved } = await codeApi<{ settings: EditorSettings }>('PUT', '/settings', draft);
      onSaved(saved);
      toast({ title: 'Settings saved', description: 'Your editor settings are stored for your account.' });
    } catch (err) {
      toast({ title: 'Settings not saved', description: messageFor(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const select = 'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2';
  const note = (text: string) => <span className="mt-1 block text-xs font-normal text-stone-600">{text}</span>;
  return (
    <form onSubmit={(e) => void save(e)} className="grid max-w-3xl gap-5 rounded-xl border border-stone-200 bg-white p-6 sm:grid-cols-2">
      <h2 className="font-serif text-xl sm:col-span-2">Editor</h2>
      <label className="text-sm font-medium">
        Theme
        <select className={select} value={draft.theme} onChange={(e) => set('theme', e.target.value as EditorSettings['theme'])}>
          {EDITOR_THEMES.map((t) => (
            <option key={t} value={t}>
              {EDITOR_THEME_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Font
        <select className={select} value={draft.fontFamily} onChange={(e) => set('fontFamily', e.target.value as EditorSettings['fontFamily'])}>
          {EDITOR_FONTS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
        {note(`Falls back to the others when not installed: ${fontStack(draft.fontFamily)}.`)}
      </label>
      <label className="text-sm font-medium">
        Font size
        <select className={select} value={draft.fontSize} onChange={(e) => set('fontSize', Number(e.target.value) as EditorSettings['fontSize'])}>
          {EDITOR_FONT_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}px
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Tab size
        <select className={select} value={draft.tabSize} onChange={(e) => set('tabSize', e.target.value as EditorSettings['tabSize'])}>
          {(Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[]).map((k) => (
            <option key={k} value={k}>
              {TAB_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input type="checkbox" checked={draft.lineWrapping} onChange={(e) => set('lineWrapping', e.target.checked)} className="h-4 w-4" />
        Wrap long lines
      </label>

      <h2 className="font-serif text-xl sm:col-span-2">Repository and deploys</h2>
      <label className="text-sm font-medium">
        Default branch
        <select className={select} value={draft.defaultBranch} onChange={(e) => set('defaultBranch', e.target.value)}>
          {branches.map((b) => (
            <option key={b.name} value={b.name}>
              {b.name}
            </option>
          ))}
        </select>
        {note('The branch you open when you have not chosen one.')}
      </label>
      <label className="text-sm font-medium">
        Environment
        <select className={select} value={draft.environment} onChange={(e) => set('environment', e.target.value as EditorSettings['environment'])}>
          {ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {ENV_LABELS[env]}
            </option>
          ))}
        </select>
        {note(SETTING_NOTES.environment)}
      </label>
      <label className="text-sm font-medium">
        Build command
        <input className={inputClass} value={draft.buildCommand} onChange={(e) => set('buildCommand', e.target.value)} />
        {note(SETTING_NOTES.buildCommand)}
      </label>
      <label className="text-sm font-medium">
        Git authentication
        <select className={select} value={draft.gitAuth} onChange={(e) => set('gitAuth', e.target.value as EditorSettings['gitAuth'])}>
          {GIT_AUTH.map((a) => (
            <option key={a} value={a}>
              {AUTH_LABELS[a]}
            </option>
          ))}
        </select>
        {note(SETTING_NOTES.gitAuth)}
      </label>
      <label className="text-sm font-medium">
        Encoding
        <input className={inputClass} value={draft.encoding} readOnly aria-readonly="true" />
        {note(SETTING_NOTES.encoding)}
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
