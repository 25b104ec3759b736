// One audit row opened: who, what, when and from where, with the old and new values side by side.
// A modal dialog in the browser; in the server's HTML an open dialog, so it reads without JavaScript.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { AuditLogDetailView } from '@shared/schemas/audit';
import { formatUtc } from '@shared/staff-time';
import { buttonClass } from '~/components/admin-ui/list';

function Values({ title, value }: { title: string; value: unknown }) {
  return (
    <section aria-label={title} className="min-w-0 flex-1">
      <h3 className="mb-2 text-sm font-medium text-stone-700">{title}</h3>
      {value === null || value === undefined ? (
        <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-600">None</p>
      ) : (
        <pre className="max-h-[50vh] overflow-auto rounded-md bg-stone-50 p-3 text-xs break-words whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>
      )}
    </section>
  );
}

export function AuditDetail({ log, closeHref, onClose }: { log: AuditLogDetailView; closeHref: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // The server rendered it open (non-modal); in the browser it becomes modal (focus kept inside, Esc closes).
    if (d.open) d.close();
    d.showModal();
    return () => d.close();
  }, [log.id]);
  const who = log.userId
    ? log.user
      ? `${log.user.name}${log.user.email && log.user.email !== log.user.name ? ` (${log.user.email})` : ''}`
      : log.userId
    : 'System';
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="audit-detail-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(56rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-ink/50"
      data-testid="audit-detail"
    >
      <h2 id="audit-detail-title" className="font-serif text-xl">
        {log.action} on {log.tableName}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">ID</dt>
        <dd>{log.id}</dd>
        <dt className="text-stone-600">Record ID</dt>
        <dd className="font-mono text-xs break-all">{log.recordId ?? '—'}</dd>
        <dt className="text-stone-600">User</dt>
        <dd>
          {who}
          {log.userId && log.user ? <span className="block font-mono text-xs text-stone-500">{log.userId}</span> : null}
        </dd>
        <dt className="text-stone-600">Timestamp</dt>
        <dd>
          <time dateTime={log.createdAt}>{formatUtc(log.createdAt)}</time>
        </dd>
        <dt className="text-stone-600">IP Address</dt>
        <dd className="font-mono text-xs">{log.ipAddress ?? '—'}</dd>
        {log.userAgent ? (
          <>
            <dt className="text-stone-600">Browser</dt>
            <dd className="text-xs break-all">{log.userAgent}</dd>
          </>
        ) : null}
        {log.source === 'trigger' ? (
          <>
            <dt className="text-stone-600">Source</dt>
            <dd>A write outside the application (recorded by the database)</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-col gap-4 md:flex-row">
        <Values title="Old values" value={log.oldValues} />
        <Values title="New values" value={log.newValues} />
      </div>
      <div className="mt-4 flex justify-end">
        <Link
          to={closeHref}
          preventScrollReset
          className={buttonClass.secondary}
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
        >
          Close
        </Link>
      </div>
    </dialog>
  );
}
