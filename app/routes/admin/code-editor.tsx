// Code Editor (master admin only; spec §2, §3, §4, §5, §8, §9; issue 20): a real git repository of
// the site's assets — edit, View Changes, commit, history, revert, branches, settings — and a deploy
// that changes the live site on every instance without a restart. The loader reads the state through
// the service; the screen then talks to /api/admin/code (the editor itself loads on this route only).
import type { Route } from './+types/code-editor';
import { CodeEditorScreen } from '~/features/code-editor/screen';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Code Editor · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMasterAdmin(request, context);
  return { state: await context.services.code.state(user) };
}

export default function CodeEditor({ loaderData }: Route.ComponentProps) {
  return <CodeEditorScreen initial={loaderData.state} />;
}
