// What the deploy checks found, file by file: a refused deploy, commit, revert or branch lists each
// problem with its file, its line and the reason (the server's `details`).
import type { DeployProblem } from '@shared/code-editor-constants';
import { CodeApiError } from './api';

/** The problems of a refusal by the deploy checks (`*_check_failed`), else null. */
export function checkProblemsOf(err: unknown): DeployProblem[] | null {
  if (!(err instanceof CodeApiError) || !err.code.endsWith('_check_failed') || !Array.isArray(err.refusal.details)) return null;
  return err.refusal.details as DeployProblem[];
}

export function CheckProblems({ heading, problems }: { heading: string; problems: DeployProblem[] }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-4 text-red-900" data-testid="check-problems">
      <p className="font-medium">{heading}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {problems.map((p, i) => (
          <li key={i}>
            <span className="font-mono">
              {p.path}
              {p.line ? `:${p.line}` : ''}
            </span>{' '}
            — {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
