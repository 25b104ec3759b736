// The page editor (spec §2 Content Management): a dialog at most 900px wide with Page Title, Page
// Slug, Content (Markdown), an Edit/Preview toggle, Publish, Cancel and Save Changes — plus what
// Payload and Strapi users expect: the description and Open Graph image, the page's state (published,
// unpublished changes, a scheduled publish and whether it failed), unpublish, schedule, and the history.
// Save Changes and Publish go to the route's action as JSON (useJsonEditor); the preview is the
// server's own rendering of the unsaved Markdown (POST /api/admin/pages/preview), so it shows exactly
// what the public page will.
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PickedMedia } from '@shared/media';
import { PAGE_DESCRIPTION_MAX, PAGE_SLUG_MAX, PAGE_TITLE_MAX, slugFromTitle } from '@shared/page-constants';
import type { PageDetail, PageVersionInfo } from '@shared/page-views';
import { formatUtc } from '@shared/staff-time';
import { EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, StatusBadge } from '~/components/admin-ui/list';
import { CmsPageBody } from '~/components/content/cms-page';
import { Field } from '~/components/forms/fields';
import { MediaPicker } from '~/components/media/media-picker';
import { PageHistory } from './page-history';

interface Props {
  page: PageDetail | null;
  versions: PageVersionInfo[];
  /** Where Cancel (and Escape) go: the list, as it was. */
  closeTo: string;
}

type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; html: string } | { state: 'failed'; message: string };

/** `2026-11-27T10:15:00` typed as UTC → an ISO instant. */
const utcInputToIso = (value: string) => (value ? new Date(`${value}Z`).toISOString() : '');

export function PageEditorDialog({ page, versions, closeTo }: Props) {
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const editor = useJsonEditor();
  const { errors } = editor;
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(page !== null);
  const [description, setDescription] = useState(page?.description ?? '');
  const [ogImage, setOgImage] = useState<PickedMedia | null>(page?.ogImage ?? null);
  const [content, setContent] = useState(page?.content ?? '');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const [scheduleAt, setScheduleAt] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const close = () => void navigate(closeTo, { preventScrollReset: true });
  const copy = () => ({ title, slug, description, ogImageMediaId: ogImage?.id ?? null, content });
  const send = (intent: string, extra: Record<string, unknown> = {}) =>
    editor.submit({ intent, ...(page ? { id: page.id, version: page.version } : {}), ...extra });

  async function showPreview() {
    setMode('preview');
    setPreview({ state: 'loading' });
    try {
      const res = await fetch('/api/admin/pages/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ title, content }),
      });
      const body = await res.json();
      setPreview(res.ok ? { state: 'ready', html: body.html } : { state: 'failed', message: body.error?.message ?? 'The preview could not be made.' });
    } catch {
      setPreview({ state: 'failed', message: 'The preview could not be made. Check your connection.' });
    }
  }

  function insertImage(media: PickedMedia | null) {
    if (!media) return;
    const alt = (media.altText || media.originalName.replace(/\.[^.]*$/, '')).replace(/[[\]]/g, '');
    const snippet = `![${alt}](${media.url})`;
    const el = textarea.current;
    const at = el ? el.selectionStart : content.length;
    setContent((c) => `${c.slice(0, at)}${at > 0 && c[at - 1] !== '\n' ? '\n\n' : ''}${snippet}\n${c.slice(at)}`);
  }

  const onTitle = (value: string) => {
    setTitle(value);
    if (!slugTouched) setSlug(slugFromTitle(value));
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-[900px] rounded-xl bg-white p-0 shadow-xl backdrop:bg-ink/50"
      data-testid="page-editor"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send('save', copy());
        }}
        className="flex max-h-[calc(100vh-2rem)] flex-col"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-6 py-4">
          <h2 id={headingId} className="font-serif text-2xl">
            {page ? 'Edit Page' : 'Create New Page'}
          </h2>
          {page ? <PageState page={page} /> : null}
        </div>

        <div className="space-y-5 overflow-y-auto px-6 py-5">
          <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
          {page?.scheduleError ? (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900" data-testid="schedule-error">
              The scheduled publish failed: {page.scheduleError}
            </p>
          ) : null}
          <div className="grid gap-5 md:grid-cols-2">
            <Field label="Page Title" name="title" error={errors.title}>
              {(p) => <input {...p} value={title} onChange={(e) => onTitle(e.target.value)} maxLength={PAGE_TITLE_MAX} />}
            </Field>
            <Field
              label="Page Slug"
              name="slug"
              error={errors.slug}
              hint={page?.routePage ? `Fixed: /${page.slug} shows this page.` : `The address: /${slug || 'your-page'}`}
            >
              {(p) => (
                <input
                  {...p}
                  value={slug}
                  readOnly={page?.routePage}
                  onChange={(e) => {
                    setSlugTouched(true);
                    setSlug(e.target.value.toLowerCase());
                  }}
                  maxLength={PAGE_SLUG_MAX}
                  autoCapitalize="none"
                  spellCheck={false}
                />
              )}
            </Field>
          </div>
          <Field label="Description" name="description" error={errors.description} optional hint="For search results and link previews.">
            {(p) => <textarea {...p} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={PAGE_DESCRIPTION_MAX} />}
          </Field>
          <MediaPicker label="Open Graph image" kind="image" name="ogImageMediaId" value={ogImage} onChange={setOgImage} error={errors.ogImageMediaId} />

          <div>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div role="group" aria-label="Edit or preview" className="inline-flex rounded-md border border-stone-400">
                <button
                  type="button"
                  aria-pressed={mode === 'edit'}
                  onClick={() => setMode('edit')}
                  className={`px-4 py-1.5 text-sm font-medium ${mode === 'edit' ? 'bg-forest text-white' : 'bg-white text-ink'}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  aria-pressed={mode === 'preview'}
                  onClick={() => void showPreview()}
                  className={`px-4 py-1.5 text-sm font-medium ${mode === 'preview' ? 'bg-forest text-white' : 'bg-white text-ink'}`}
                >
                  Preview
                </button>
              </div>
              {mode === 'edit' ? <MediaPicker label="Image to insert" kind="image" value={null} onChange={insertImage} /> : null}
            </div>
            {mode === 'edit' ? (
              <div className="mt-3">
                <Field
                  label="Content (Markdown)"
                  name="content"
                  error={errors.content}
                  hint="Headings with #, links [text](https://…), images from the media library."
                >
                  {(p) => (
                    <textarea
                      {...p}
                      ref={textarea}
                      rows={16}
                      value={content}
                      onChange={(e) => setContent(e.target.value)}
                      className={`${p.className} font-mono text-sm`}
                    />
                  )}
                </Field>
              </div>
            ) : (
              <section
                aria-label="Preview"
                className="mt-3 max-h-[32rem] overflow-y-auto rounded-md border border-stone-300 bg-cream p-6"
                data-testid="page-preview"
              >
                {preview.state === 'ready' ? (
                  <CmsPageBody title={title} html={preview.html} />
                ) : preview.state === 'failed' ? (
                  <p role="alert" className="text-red-800">
                    {preview.message}
                  </p>
                ) : (
                  <p className="text-stone-600">Rendering the preview…</p>
                )}
              </section>
            )}
          </div>

          {page ? (
            <section aria-labelledby={`${headingId}-publishing`} className="rounded-md border border-stone-200 p-4">
              <h3 id={`${headingId}-publishing`} className="font-medium">
                Publishing
              </h3>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                {page.scheduledPublishAt ? (
                  <>
                    <p className="text-sm" data-testid="scheduled-at">
                      Version {page.scheduledN} goes live at {formatUtc(page.scheduledPublishAt)}.
                    </p>
                    <button type="button" className={buttonClass.secondary} disabled={editor.busy} onClick={() => send('cancel-schedule')}>
                      Cancel schedule
                    </button>
                  </>
                ) : (
                  <>
                    <label className="flex flex-col text-sm font-medium">
                      Publish at (UTC)
                      <input
                        type="datetime-local"
                        step={1}
                        value={scheduleAt}
                        onChange={(e) => setScheduleAt(e.target.value)}
                        aria-invalid={errors.at ? true : undefined}
                        className="mt-1 rounded-md border border-stone-400 px-3 py-2 font-normal"
                      />
                    </label>
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={editor.busy || !scheduleAt}
                      onClick={() => send('schedule', { at: utcInputToIso(scheduleAt) })}
                    >
                      Schedule publish
                    </button>
                  </>
                )}
                {page.status === 'published' ? (
                  <button type="button" className={buttonClass.danger} disabled={editor.busy} onClick={() => send('unpublish')}>
                    Unpublish
                  </button>
                ) : null}
                <button type="button" className={buttonClass.secondary} aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
                  {showHistory ? 'Hide history' : `History (${versions.length})`}
                </button>
              </div>
              {errors.at ? <p className="mt-1 text-sm font-medium text-red-800">{errors.at}</p> : null}
              {page.scheduledPublishAt ? (
                <p className="mt-2 text-sm text-stone-600">Saving a newer draft does not change what the schedule publishes.</p>
              ) : null}
            </section>
          ) : null}

          {page && showHistory ? <PageHistory page={page} versions={versions} busy={editor.busy} onRestore={(n) => send('restore', { n })} /> : null}
        </div>

        <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 px-6 py-4">
          <button type="button" className={buttonClass.secondary} onClick={close}>
            Cancel
          </button>
          <button type="button" className={buttonClass.secondary} disabled={editor.busy} onClick={() => send('publish', copy())}>
            Publish
          </button>
          <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
            {editor.busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Published or Draft, and what the public sees beside the working copy. */
export function PageState({ page }: { page: Pick<PageDetail, 'status' | 'hasUnpublishedChanges' | 'scheduledPublishAt' | 'scheduleError'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusBadge status={page.status} label={page.status === 'published' ? 'Published' : 'Draft'} />
      {page.hasUnpublishedChanges ? <StatusBadge status="new" label="Unpublished changes" /> : null}
      {page.scheduledPublishAt && !page.scheduleError ? <StatusBadge status="in_progress" label="Scheduled" /> : null}
      {page.scheduleError ? <StatusBadge status="failed" label="Schedule failed" /> : null}
    </span>
  );
}
