// Contact: a form that reaches the team; works without JavaScript, better with it.
import { Form, Link, useNavigation, href } from 'react-router';
import { CONTACT_SUBJECTS } from '@shared/form-constants';
import { contactForm } from '@shared/schemas/inquiries';
import type { Route } from './+types/contact';
import { BotFields, Field, FormError } from '~/components/forms/fields';
import { handlePublicForm } from '~/lib/form-action';
import { useClientValidation } from '~/components/forms/use-client-validation';

export const meta: Route.MetaFunction = () => [
  { title: 'Contact us · Frolic' },
  { name: 'description', content: 'Questions about our spirits, events or press? Write to the Frolic team and we will answer within two working days.' },
  { property: 'og:title', content: 'Contact Frolic' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1', startedAt: Date.now() };
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm(
    request,
    contactForm,
    (form, bot) => context.services.inquiries.submitContact(form, bot, { userId: null, ip: context.ip }),
    `${href('/contact')}?sent=1`,
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit, onFocus } = useClientValidation('contactForm', actionData?.errors);
  const values = actionData?.values ?? {};
  return (
    <main id="main" className="mx-auto grid max-w-6xl gap-12 px-4 py-12 md:grid-cols-[1fr_2fr]">
      <div>
        <h1 className="font-serif text-4xl">Contact us</h1>
        <p className="mt-4 text-stone-700">Questions about our spirits, an event or a press enquiry? We answer within two working days.</p>
        <p className="mt-4 text-stone-700">
          Trade partners: please use the <Link to={href('/business-inquiry')} className="font-medium text-brass underline">business inquiry form</Link>.
        </p>
      </div>
      {loaderData.sent ? (
        <section role="status" className="rounded-2xl bg-white p-8 shadow-sm">
          <h2 className="font-serif text-2xl">Thank you — your message is on its way</h2>
          <p className="mt-2 text-stone-700">We have received it and will reply to the email address you gave us.</p>
          <Link to={href('/contact')} className="mt-4 inline-block font-medium text-brass underline">Send another message</Link>
        </section>
      ) : (
        <Form method="post" onSubmit={onSubmit} onFocus={onFocus} className="relative space-y-5 rounded-2xl bg-white p-8 shadow-sm" noValidate>
          <FormError message={actionData?.formError} />
          <BotFields startedAt={loaderData.startedAt} />
          <Field label="Your name" name="name" error={errors.name}>
            {(p) => <input {...p} type="text" autoComplete="name" required defaultValue={values.name} />}
          </Field>
          <Field label="Email address" name="email" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" required defaultValue={values.email} />}
          </Field>
          <Field label="Subject" name="subject" error={errors.subject}>
            {(p) => (
              <select {...p} required defaultValue={values.subject ?? ''}>
                <option value="" disabled>Choose a subject</option>
                {CONTACT_SUBJECTS.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Message" name="message" error={errors.message}>
            {(p) => <textarea {...p} rows={6} required defaultValue={values.message} />}
          </Field>
          <button type="submit" disabled={busy} className="rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink disabled:opacity-60">
            {busy ? 'Sending…' : 'Send message'}
          </button>
          <p className="text-sm text-stone-600">
            We use your details only to answer you. See our <Link to={href('/privacy')} className="underline">privacy policy</Link>.
          </p>
        </Form>
      )}
    </main>
  );
}
