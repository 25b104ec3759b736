// The last word before a write runs: the statements of the text, what each changes, and every table
// the run will change — confirmed, the run is sent again with exactly those tables (the server runs a
// write only when they match what it found).
import { Modal } from '~/components/ui/modal';
import { buttonClass } from '~/components/admin-ui/list';
import type { WritesToConfirm } from './types';

export function ConfirmWrites({ writes, busy, onConfirm, onCancel }: { writes: WritesToConfirm; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal title="Confirm the changes" onClose={onCancel} wide>
      <div className="space-y-4">
        <p>
          This query changes data in {writes.tables.length === 1 ? 'one table' : `${writes.tables.length} tables`}. The change is recorded in the audit log
          under your name, and cannot be undone from here.
        </p>
        <div>
          <h3 className="text-sm font-medium">Tables it changes</h3>
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Tables it changes">
            {writes.tables.map((t) => (
              <li key={t} className="rounded bg-amber-100 px-2 py-0.5 font-mono text-sm text-amber-950">
                {t}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-medium">Statements</h3>
          <ol className="mt-1 space-y-2" aria-label="Statements">
            {writes.statements.map((s, i) => (
              <li key={i} className="rounded-md border border-stone-200 p-2">
                <p className="text-xs text-stone-600">
                  {i + 1}. {s.command} · {s.kind === 'write' ? `changes ${s.tables.join(', ')}` : 'reads only'}
                </p>
                <pre className="mt-1 max-h-40 overflow-auto font-mono text-sm whitespace-pre-wrap">{s.text}</pre>
              </li>
            ))}
          </ol>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className={buttonClass.danger} onClick={onConfirm} disabled={busy}>
            {busy ? 'Running…' : `Change ${writes.tables.join(', ')}`}
          </button>
        </div>
      </div>
    </Modal>
  );
}
