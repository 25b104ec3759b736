// Create or edit a collateral item: title, kind, description, the file (from the media library),
// which partner types may request it, published. The picker offers documents: brochures, price
// lists, POS kits and shelf talkers are delivered to partners as print-ready PDFs (the API also
// accepts an image from the library).
import { useState } from 'react';
import { href, Link } from 'react-router';
import type { PickedMedia } from '@shared/media';
import { COLLATERAL_AUDIENCES, COLLATERAL_KIND_LABELS, type CollateralAudience, type CollateralKind } from '@shared/marketing-constants';
import { collateralInput, collateralUpdate } from '@shared/schemas/marketing';
import type { Route } from './+types/collateral-edit';
import { ConfirmButton, EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, Options, PageHeader } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { MediaPicker } from '~/components/media/media-picker';
import { loadMarketingItem, type MarketingEditor, marketingItemAction } from '~/features/marketing/editor-route.server';

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.item ? d.item.title : 'New collateral item'} · Collateral & Events · Frolic` }];

const LIST = `${href('/admin/dashboard/marketing')}?tab=collateral`;

const COLLATERAL = {
  noun: 'collateral item',
  list: LIST,
  get: (marketing, id) => marketing.getCollateral(id),
  createSchema: collateralInput,
  create: (marketing, input, actor) => marketing.createCollateral(input, actor),
  updateSchema: collateralUpdate,
  update: (marketing, id, input, actor) => marketing.updateCollateral(id, input, actor),
  remove: (marketing, id, actor) => marketing.deleteCollateral(id, actor),
} satisfies MarketingEditor<typeof collateralInput, typeof collateralUpdate>;

export const loader = (args: Route.LoaderArgs) => loadMarketingItem(args, COLLATERAL);

export const action = (args: Route.ActionArgs) => marketingItemAction(args, COLLATERAL);

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
              <Options labels={COLLATERAL_KIND_LABELS} />
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
                <input
                  type="checkbox"
                  name="audience"
                  value={a}
                  checked={audience.includes(a)}
                  onChange={(e) => toggle(a, e.target.checked)}
                  aria-invalid={audienceError ? true : undefined}
                />
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
        <SaveButton busy={editor.busy} />
      </form>
    </main>
  );
}
