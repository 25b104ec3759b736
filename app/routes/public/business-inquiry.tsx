// Business inquiry: what a trade partner tells a brand; stored for staff to follow up.
import { Form, Link, useNavigation, href } from 'react-router';
import { COUNTRIES } from '@shared/legal-age';
import { EXPECTED_VOLUMES, PARTNER_TYPE_LABELS, PARTNER_TYPES } from '@shared/form-constants';
import { businessInquiryForm } from '@shared/schemas/inquiries';
import type { Route } from './+types/business-inquiry';
import { BotFields, Field, FormError } from '~/components/forms/fields';
import { handlePublicForm } from '~/lib/form-action';
import { useClientValidation } from '~/components/forms/use-client-validation';

export const meta: Route.MetaFunction = () => [
  { title: 'Business inquiry · Frolic' },
  { name: 'description', content: 'Importers, distributors and retailers: tell us about your business and become a Frolic trade partner.' },
  { property: 'og:title', content: 'Become a Frolic trade partner' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const country = context.gate.status === 'pass' ? context.gate.country : '';
  return { sent: new URL(request.url).searchParams.get('sent') === '1', startedAt: Date.now(), country };
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm(
    request,
    businessInquiryForm,
    (form, bot) => context.services.inquiries.submitBusinessInquiry(form, bot, { userId: null, ip: context.ip }),
    `${href('/business-inquiry')}?sent=1`,
  );
}

export default function BusinessInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit, onFocus } = useClientValidation('businessInquiryForm', actionData?.errors);
  const values = actionData?.values ?? {};
  if (loaderData.sent) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16">
        <section role="status" className="rounded-2xl bg-white p-8 shadow-sm">
          <h1 className="font-serif text-3xl">Thank you for your inquiry</h1>
          <p className="mt-2 text-stone-700">Our trade team reviews every inquiry and will contact you within five working days.</p>
          <Link to="/" className="mt-4 inline-block font-medium text-brass underline">Back to the home page</Link>
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl">Business inquiry</h1>
      <p className="mt-4 text-stone-700">
        We work with licensed importers, distributors and retailers. Tell us about your business and we will be in touch.
      </p>
      <Form method="post" onSubmit={onSubmit} onFocus={onFocus} className="relative mt-8 grid gap-5 rounded-2xl bg-white p-8 shadow-sm md:grid-cols-2" noValidate>
        <div className="md:col-span-2">
          <FormError message={actionData?.formError} />
        </div>
        <BotFields startedAt={loaderData.startedAt} />
        <Field label="Company" name="company" error={errors.company}>
          {(p) => <input {...p} type="text" autoComplete="organization" required defaultValue={values.company} />}
        </Field>
        <Field label="Your name" name="contactName" error={errors.contactName}>
          {(p) => <input {...p} type="text" autoComplete="name" required defaultValue={values.contactName} />}
        </Field>
        <Field label="Email address" name="email" error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="email" required defaultValue={values.email} />}
        </Field>
        <Field label="Phone" name="phone" error={errors.phone} optional>
          {(p) => <input {...p} type="tel" autoComplete="tel" defaultValue={values.phone} />}
        </Field>
        <Field label="Partner type" name="partnerType" error={errors.partnerType}>
          {(p) => (
            <select {...p} required defaultValue={values.partnerType ?? ''}>
              <option value="" disabled>Choose one</option>
              {PARTNER_TYPES.map((t) => (
                <option key={t} value={t}>{PARTNER_TYPE_LABELS[t]}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Licence number" name="licenceNumber" error={errors.licenceNumber} optional hint="Your alcohol trading or import licence, if you hold one.">
          {(p) => <input {...p} type="text" defaultValue={values.licenceNumber} />}
        </Field>
        <Field label="Country" name="country" error={errors.country}>
          {(p) => (
            <select {...p} required defaultValue={values.country ?? loaderData.country}>
              <option value="" disabled>Choose your country</option>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>{c.name}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Region" name="region" error={errors.region} hint="The state, province or area you cover.">
          {(p) => <input {...p} type="text" required defaultValue={values.region} />}
        </Field>
        <Field label="Expected volume" name="expectedVolume" error={errors.expectedVolume}>
          {(p) => (
            <select {...p} required defaultValue={values.expectedVolume ?? ''}>
              <option value="" disabled>Choose a range</option>
              {EXPECTED_VOLUMES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          )}
        </Field>
        <div className="md:col-span-2">
          <Field label="Tell us about your business" name="message" error={errors.message}>
            {(p) => <textarea {...p} rows={6} required defaultValue={values.message} />}
          </Field>
        </div>
        <div className="md:col-span-2">
          <button type="submit" disabled={busy} className="rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink disabled:opacity-60">
            {busy ? 'Sending…' : 'Send inquiry'}
          </button>
        </div>
      </Form>
    </main>
  );
}
