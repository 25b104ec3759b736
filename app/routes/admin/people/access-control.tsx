// Advanced User Management: Access Control (spec §2, §6, §9; product.md §1, §4). The settings the
// server enforces — two-factor for admins and, separately, employees; password expiry; account
// locking; session timeout; remember device. Save Security Settings shows what changes for whom,
// then saves after a fresh password check, naming the version read.
import { data, href } from 'react-router';
import { fieldErrors } from '@shared/field-errors';
import { securitySettingsSave, securitySettingsSchema } from '@shared/schemas/security';
import type { Route } from './+types/access-control';
import { SecuritySettingsForm } from '~/features/access/security-form';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { actionError } from '~/lib/action-result';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Access Control · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMasterAdmin(request, context);
  return { settings: await context.services.settings.get(), youNeedTwoFactor: !user.twoFactorEnabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMasterAdmin(request, context);
  const body = await readBody(request);
  if (body.intent === 'preview') {
    const parsed = securitySettingsSchema.safeParse(body);
    if (!parsed.success) return actionError(400, { errors: fieldErrors(parsed.error), formError: 'Check the highlighted fields.', code: 'validation_failed' });
    const { changes } = await context.services.settings.preview(parsed.data);
    return data({ errors: {}, changes });
  }
  if (body.intent !== 'save') return actionError(400, { errors: { intent: 'Unknown action.' }, code: 'validation_failed' });
  return adminAction(
    { request, context },
    {
      need: { masterAdmin: true },
      schema: securitySettingsSave,
      body,
      run: (input, { user, actor }) => context.services.settings.save(user, input, actor),
      done: () => ({
        to: href('/admin/dashboard/advanced-user-management/access-control'),
        title: 'Security settings saved',
        description: 'They apply from the next request of everyone concerned.',
      }),
    },
  );
}

export default function AccessControlPage({ loaderData }: Route.ComponentProps) {
  return <SecuritySettingsForm key={loaderData.settings.version} settings={loaderData.settings} youNeedTwoFactor={loaderData.youNeedTwoFactor} />;
}
