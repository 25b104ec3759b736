// Create or edit a collateral item: title, kind, description, the file (from the media library),
// which partner types may request it, published. The picker offers documents: brochures, price
// lists, POS kits and shelf talkers are delivered to partners as print-ready PDFs (the API also
// accepts an image from the library).
import { useState } from 'react';
import { data, Link } from 'react-router';
import type { PickedMedia } from '@shared/media';
import { COLLATERAL_AUDIENCES, COLLATERAL_KIND_LABELS, COLLATERAL_KINDS, type CollateralAudience, type CollateralKind } from '@shared/marketing-constants';
import { collateralInput, collateralUpdate, marketingId } from '@shared/schemas/marketing';
import { z } from 'zod';
import type { Route } from './+types/collateral-edit';
import { ConfirmButton, EditorAlert, useJsonEditor } from '~/features/admin-ui/editor';
import { buttonClass, PageHeader } from '~/features/admin-ui/list';
import { Field } from '~/features/forms/fields';
import { MediaPicker } from '~/features/media/media-picker';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { requirePermission } from '~/lib/guards.server';

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.item ? d.item.title : 'New collateral item'} · Collateral & Events · Frolic` }];

const LIST = '/admin/dashboard/marketing?tab=collateral';

function idOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = marketingId.safeParse(params.id);
  if (!id.success) throw data('We could not find that collateral item.', { status: 404 });
  return id.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, 'catalog:write');
  const id = idOf(params);
  const canDelete = user.permissions.includes('catalog:delete');
  if (id === null) return { item: null, canDelete };
  try {
    return { item: await context.services.marketing.getCollateral(id), canDelete };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('We could not find that collateral item.', { status: 404 });
    throw err;
  }
}

export async function action(args: Route.ActionArgs) {
  const id = idOf(args.params);
  const body = await readBody(args.request);
  const marketing = args.context.services.marketing;
  if (body.intent === 'delete' && id !== null) {
    return adminAction(args, {
      permission: 'catalog:delete',
      schema: z.object({ intent: z.literal('delete') }),
      body,
      run: (_input, { actor }) => marketing.deleteCollateral(id, actor),
      done: () => ({ to: LIST, title: 'Collateral item deleted' }),
    });
  }
  if (id === null) {
    return adminAction(args, {
      permission: 'catalog:write',
      schema: collateralInput,
      body,
      run: (input, { actor }) => marketing.createCollateral(input, actor),
      done: () => ({ to: LIST, title: 'Collateral item saved' }),
    });
  }
  return adminAction(args, {
    permission: 'catalog:write',
    schema: collateralUpdate,
    body,
    run: (input, { actor }) => marketing.updateCollateral(id, input, actor),
    done: () => ({ to: LIST, title: 'Collateral item saved' }),
  });
}

export default function CollateralEditor({ loaderData }: Route.ComponentProps) {
  const { item, canDelete } = loaderData;
  const editor = useJsonEditor();
  const { errors } = editor;
  const [title, setTitle] = useState(item?.title ?? '');
  const [kind, setKind] = useState<CollateralKind>(item?.kind ?? 'brochure');
  const [description, setDescription] = useState(item?.description ?? '');
  const [media, setMedia] = useState<PickedMedia | null>(item?.media ?? null);
  const [audience, setAudience] = useState<CollateralAudience[]>(item?.audience ?? []);
  const [published, setPublished] = useState(item?.published ?? false);

  const toggle = (a: CollateralAudience, on: boolean) => setAudience((now) => (on ? [...now, a] : now.filter((x) => x !== a)));
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({ title, kind, description, mediaId: media?.id ?? '', audience, published, ...(item ? { version: item.version } : {}) });
  };
  const audienceError = errors.audience ?? Object.entries(errors).find(([k]) => k.startsWith('audience.'))?.[1];

  return (
    <main id="main">
      <PageHeader title={item ? `Edit: ${item.title}` : 'New collateral item'}>
        <Link to={LIST} className={buttonClass.secondary}>
          Back to collateral
        </Link>
        {item && canDelete ? <ConfirmButton intent="delete" label="Delete" question={`Delete “${item.title}”?`} /> : null}
      </PageHeader>
      <form onSubmit={save} className="max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm" noValidate>
        <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
        <Field label="Title" name="title" error={errors.title}>
          {(p) => <input {...p} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={150} />}
        </Field>
        <Field label="Kind" name="kind" error={errors.kind}>
          {(p) => (
            <select {...p} value={kind} onChange={(e) => setKind(e.target.value as CollateralKind)}>
              {COLLATERAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {COLLATERAL_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description" name="description" error={errors.description} optional>
          {(p) => <textarea {...p} rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <MediaPicker label="File (PDF)" kind="document" name="mediaId" value={media} onChange={setMedia} error={errors.mediaId} />
        <fieldset aria-describedby={audienceError ? 'audience-error' : undefined}>
          <legend className="text-sm font-medium">Audience: who may request it</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {COLLATERAL_AUDIENCES.map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="audience" value={a} checked={audience.includes(a)} onChange={(e) => toggle(a, e.target.checked)} aria-invalid={audienceError ? true : undefined} />
                {`${a[0]?.toUpperCase()}${a.slice(1)}s`}
              </label>
            ))}
          </div>
          {audienceError ? (
            <p id="audience-error" className="mt-1 text-sm font-medium text-red-800">
              {audienceError}
            </p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="published" checked={published} onChange={(e) => setPublished(e.target.checked)} />
          Published (partners can see and request it)
        </label>
        <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
          {editor.busy ? 'Saving…' : 'Save'}
        </button>
      </form>
    </main>
  );
}
