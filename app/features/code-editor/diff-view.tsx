// A unified diff of files: each file's status and hunks, removed lines red, added lines green, with
// old and new line numbers (View Changes and View Diff).
import type { FileDiff } from '@shared/code-editor-constants';

const STATUS_LABEL = { modified: 'Modified', added: 'Added', deleted: 'Deleted' } as const;

export function DiffView({ files, empty = 'No changes.' }: { files: FileDiff[]; empty?: string }) {
  if (files.length === 0) return <p className="rounded-md border border-dashed border-stone-300 p-4 text-sm text-stone-600">{empty}</p>;
  return (
    <div className="space-y-4" data-testid="diff">
      {files.map((f) => (
        <section key={f.path} className="overflow-hidden rounded-md border border-stone-300 bg-white" aria-label={`Changes to ${f.path}`}>
          <h3 className="flex items-center justify-between border-b border-stone-200 bg-stone-50 px-3 py-2 font-mono text-sm">
            <span>{f.path}</span>
            <span className="font-sans text-xs text-stone-600">{STATUS_LABEL[f.status]}</span>
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse font-mono text-xs leading-5">
              <tbody>
                {f.hunks.map((h, i) => (
                  <Hunk key={i} hunk={h} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

function Hunk({ hunk }: { hunk: FileDiff['hunks'][number] }) {
  let oldLine = hunk.oldStart;
  let newLine = hunk.newStart;
  const rows = hunk.lines
    .filter((l) => !l.startsWith('\\'))
    .map((line, i) => {
      const kind = line[0];
      const text = line.slice(1);
      const o = kind === '+' ? '' : String(oldLine++);
      const n = kind === '-' ? '' : String(newLine++);
      const tone = kind === '+' ? 'bg-green-50 text-green-900' : kind === '-' ? 'bg-red-50 text-red-900' : 'text-stone-700';
      return (
        <tr key={i} className={tone} data-kind={kind === '+' ? 'added' : kind === '-' ? 'removed' : 'context'}>
          <td className="w-10 border-r border-stone-200 px-2 text-right text-stone-600 select-none">{o}</td>
          <td className="w-10 border-r border-stone-200 px-2 text-right text-stone-600 select-none">{n}</td>
          <td className="px-2 whitespace-pre">
            <span className="select-none" aria-hidden="true">
              {kind === ' ' ? ' ' : kind}
            </span>
            <span className="sr-only">{kind === '+' ? 'added: ' : kind === '-' ? 'removed: ' : ''}</span>
            {text}
          </td>
        </tr>
      );
    });
  return (
    <>
      <tr className="bg-sky-50 text-sky-900">
        <td colSpan={3} className="px-2 py-0.5">
          @@ -{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
        </td>
      </tr>
      {rows}
    </>
  );
}
