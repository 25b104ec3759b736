// /utils/create-test-users: demo mode only (DEMO_MODE), never a backdoor — creates one user per role
// and shows their credentials once.
import { data, Form, Link, useNavigation, href } from 'react-router';
import type { Route } from './+types/create-test-users';
import { AuthCard, primaryButton } from '~/features/auth/auth-card';

export const meta: Route.MetaFunction = () => [{ title: 'Create test users · Frolic' }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: Route.LoaderArgs) {
  if (!context.services.demo.enabled) throw data('Demo mode is off: test users can only be created when DEMO_MODE is set.', { status: 404 });
  return null;
}

export async function action({ context }: Route.ActionArgs) {
  if (!context.services.demo.enabled) throw data('Demo mode is off.', { status: 404 });
  return { users: await context.services.demo.createUsers() };
}

export default function CreateTestUsers({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title="Create test users" intro="Demo mode: one user for each role.">
      {actionData?.users ? (
        <>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1">
                  Role
                </th>
                <th scope="col" className="py-1">
                  Email
                </th>
              </tr>
            </thead>
            <tbody>
              {actionData.users.map((u) => (
                <tr key={u.role}>
                  <td className="py-1">{u.role}</td>
                  <td className="py-1 font-mono">{u.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm">
            Password for all: <code data-testid="demo-password">{actionData.users[0]?.password}</code>
          </p>
          <Link to={href('/auth/login')} className="mt-6 inline-block text-brass underline">
            Go to sign-in
          </Link>
        </>
      ) : (
        <Form method="post">
          <button type="submit" disabled={busy} className={primaryButton}>
            Create test users
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
