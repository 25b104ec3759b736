// A request's thread: the partner's people and Frolic's staff, oldest first, and the form that adds
// to it (a plain form post with `intent=comment`; the page's action answers with field errors).
import { Form, useNavigation } from 'react-router';
import { MAX_COMMENT_LENGTH } from '@shared/marketing-request-constants';
import { formatUtc } from '@shared/staff-time';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError } from '~/components/forms/fields';

export interface ThreadComment {
  id: number;
  body: string;
  fromStaff: boolean;
  authorName: string;
  createdAt: string | Date;
}

export function CommentThread({
  comments,
  organisationName,
  error,
  formError,
  disabledReason,
}: {
  comments: ThreadComment[];
  organisationName: string;
  error?: string;
  formError?: string;
  /** Why this viewer cannot write (the organisation cannot trade); the form is then disabled. */
  disabledReason?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'comment';
  return (
    <section aria-labelledby="thread-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="thread-heading" className="font-serif text-xl">
        Comments
      </h2>
      {comments.length === 0 ? <p className="mt-2 text-stone-600">No comments yet.</p> : null}
      <ol className="mt-4 space-y-3" aria-label="Comments">
        {comments.map((c) => (
          <li key={c.id} className={`rounded-lg p-3 ${c.fromStaff ? 'bg-forest/5' : 'bg-stone-100'}`}>
            <p className="text-sm text-stone-700">
              <span className="font-medium text-ink">{c.authorName}</span> · {c.fromStaff ? 'Frolic' : organisationName} · {formatUtc(c.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap">{c.body}</p>
          </li>
        ))}
      </ol>
      {/* Keyed by the thread: once a comment is in it, the box starts empty again. */}
      <Form key={comments.length} method="post" className="mt-4 space-y-3" noValidate>
        <input type="hidden" name="intent" value="comment" />
        <FormError message={formError} />
        <fieldset disabled={!!disabledReason} className="space-y-3">
          <Field label="Add a comment" name="body" error={error} hint={disabledReason ?? undefined}>
            {(p) => <textarea {...p} rows={3} maxLength={MAX_COMMENT_LENGTH} required />}
          </Field>
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            {busy ? 'Sending…' : 'Send comment'}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
