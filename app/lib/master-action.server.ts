// The action side of the master admin's small buttons (unlock an account, resend an email): the
// master-admin guard, the form's `intent`, the service call, and a redirect back with a toast —
// green when it worked, red with the service's message when it was refused.
import type { AppLoadContext } from 'react-router';
import { refusalOf } from './domain-error';
import { readForm } from './form-action';
import { requireMasterAdmin } from './guards.server';

type Actor = ReturnType<AppLoadContext['auth']['actor']>;
type Handler = (form: FormData, actor: Actor) => Promise<{ title: string; description?: string }>;

export async function masterAction({ request, context }: { request: Request; context: AppLoadContext }, handlers: Record<string, Handler>): Promise<never> {
  const user = await requireMasterAdmin(request, context);
  const form = await readForm(request);
  const back = new URL(request.url);
  const to = `${back.pathname.replace(/\.data$/, '')}${back.search}`;
  const handler = handlers[String(form.get('intent') ?? '')];
  if (!handler) throw context.flash.redirectWithToast(to, { title: 'Nothing to do', description: 'Unknown action.', variant: 'destructive' });
  let done: { title: string; description?: string };
  try {
    done = await handler(form, context.auth.actor(user.id));
  } catch (err) {
    const e = refusalOf(err);
    if (!e) throw err;
    throw context.flash.redirectWithToast(to, { title: 'Not done', description: e.message ?? 'Refused.', variant: 'destructive' });
  }
  throw context.flash.redirectWithToast(to, done);
}
