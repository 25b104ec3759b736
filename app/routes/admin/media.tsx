// Media Library: every uploaded image and PDF, with search, a kind filter, upload, alt text and
// delete (refused while something still uses the file).
import { useState } from 'react';
import { Link, useActionData, useFetcher, useRevalidator, useSearchParams } from 'react-router';
import { z } from 'zod';
import { mediaUrl } from '@shared/media';
import { MEDIA_ALT_TEXT_MAX, mediaAltUpdate, mediaListQuery } from '@shared/schemas/media';
import type { ActionResult } from '~/lib/action-result';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requireScreen } from '~/lib/guards.server';
import { EditorAlert, ConfirmButton } from '~/components/admin-ui/editor';
import { buttonClass, type Column, DataTable, PageHeader, Pagination, SearchBox } from '~/components/admin-ui/list';
import type { MediaLibraryItem } from '~/components/media/media-api';
import { UploadField } from '~/components/media/media-library-panel';
import type { Route } from './+types/media';

export const meta: Route.MetaFunction = () => [{ title: 'Media Library · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'media');
  const parsed = mediaListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : mediaListQuery.parse({});
  return {
    library: await context.services.media.list(query),
    canDelete: await can(context, user, { permission: 'catalog:delete' }),
  };
}

const altEdit = mediaAltUpdate.extend({ id: z.uuid() });
const deletion = z.object({ id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const body = await readBody(request);
  if (body.intent === 'delete') {
    return adminAction(
      { request, context },
      {
        permission: 'catalog:delete',
        schema: deletion,
        body,
        run: ({ id }, { actor }) => context.services.media.remove(id, actor),
        done: () => ({ to: here, title: 'File deleted' }),
      },
    );
  }
  return adminAction(
    { request, context },
    {
      permission: 'cms:access',
      schema: altEdit,
      body,
      run: ({ id, altText }, { actor }) => context.services.media.updateAlt(id, altText, actor),
      done: (media) => ({ to: here, title: 'Alt text saved', description: media.originalName }),
    },
  );
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

const KINDS = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Documents' },
] as const;

function KindFilter() {
  const [params] = useSearchParams();
  const current = params.get('kind') ?? '';
  const href = (kind: string) => {
    const next = new URLSearchParams(params);
    if (kind) next.set('kind', kind);
    else next.delete('kind');
    next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label="Kind of file" className="mb-4 flex gap-2 text-sm">
      {KINDS.map((k) => (
        <Link
          key={k.value}
          to={href(k.value)}
          aria-current={current === k.value ? 'page' : undefined}
          className="rounded-full border border-stone-400 px-3 py-1 hover:bg-stone-50 aria-[current=page]:border-forest aria-[current=page]:bg-forest aria-[current=page]:text-white"
        >
          {k.label}
        </Link>
      ))}
    </nav>
  );
}

function AltTextForm({ item }: { item: MediaLibraryItem }) {
  const fetcher = useFetcher<ActionResult>();
  const error = fetcher.data?.errors?.altText ?? fetcher.data?.formError;
  const errorId = `alt-error-${item.id}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="alt" />
      <input type="hidden" name="id" value={item.id} />
      <div className="min-w-48 flex-1">
        <input
          name="altText"
          defaultValue={item.altText}
          maxLength={MEDIA_ALT_TEXT_MAX}
          aria-label={`Alt text for ${item.originalName}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={item.kind === 'image' ? 'Describe the image' : 'Describe the document'}
          className="block w-full rounded-md border border-stone-400 bg-white px-2 py-1 aria-[invalid=true]:border-red-700"
        />
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass.secondary} disabled={fetcher.state !== 'idle'}>
        Save<span className="sr-only"> alt text for {item.originalName}</span>
      </button>
    </fetcher.Form>
  );
}

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { library, canDelete } = loaderData;
  const refusal = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const [uploaded, setUploaded] = useState<string | null>(null);

  const columns: Column<MediaLibraryItem>[] = [
    {
      key: 'preview',
      label: 'Preview',
      render: (m) =>
        m.thumbUrl ? (
          <img src={m.thumbUrl} alt={m.altText} loading="lazy" className="h-16 w-16 rounded-md border border-stone-200 object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-md bg-stone-100 font-semibold text-stone-600">
            PDF
          </span>
        ),
    },
    {
      key: 'file',
      label: 'File',
      render: (m) => (
        <div>
          <a href={mediaUrl(m.id, 'original')} target="_blank" rel="noreferrer" className="font-medium underline">
            {m.originalName}
          </a>
          <p className="text-stone-600">
            {m.kind === 'image' ? `Image · ${m.width}×${m.height}` : 'PDF'} · {formatBytes(m.sizeBytes)}
          </p>
        </div>
      ),
    },
    { key: 'alt', label: 'Alt text', className: 'min-w-72', render: (m) => <AltTextForm key={`${m.id}:${m.altText}`} item={m} /> },
    {
      key: 'usedBy',
      label: 'Used by',
      render: (m) =>
        m.usedBy?.length ? (
          <ul className="text-sm">
            {m.usedBy.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : (
          <span className="text-sm text-stone-600">Not used</span>
        ),
    },
    { key: 'uploaded', label: 'Uploaded', render: (m) => <time dateTime={m.createdAt}>{m.createdAt.slice(0, 10)}</time> },
  ];
  if (canDelete) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      render: (m) => <ConfirmButton intent="delete" label="Delete" question={`Delete ${m.originalName}?`} fields={{ id: m.id }} />,
    });
  }

  return (
    <main id="main">
      <PageHeader title="Media Library" description="Images and PDFs used by products, cocktails, collateral, events and pages." />
      <EditorAlert formError={refusal?.formError} code={refusal?.code} hint={refusal?.hint} />
      <section aria-label="Upload" className="mb-6 rounded-xl bg-white p-4 shadow-sm">
        <UploadField
          onStart={() => setUploaded(null)}
          onUploaded={(m) => {
            setUploaded(m.originalName);
            void revalidator.revalidate();
          }}
        />
        {uploaded ? (
          <p role="status" className="mt-2 text-sm text-green-900">
            Uploaded {uploaded}.
          </p>
        ) : null}
      </section>
      <SearchBox label="Search media" placeholder="File name or alt text" />
      <KindFilter />
      <DataTable columns={columns} rows={library.items} rowKey={(m) => m.id} caption="Media library" empty="No files match." />
      <Pagination page={library.page} pageSize={library.pageSize} total={library.total} />
    </main>
  );
}
