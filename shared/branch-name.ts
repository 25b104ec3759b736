// Branch names of the Code Editor's repository: git's own rules (`git check-ref-format --branch`, for
// `refs/heads/<name>`) and names git reserves, in one function the server's schema and the Create
// Branch form both call. No validation library here: the form's bundle imports it.

/** Characters a branch name may hold at most. */
export const BRANCH_MAX = 60;

/** Names git gives a meaning of its own (pseudo-refs, files of the git directory, `@` for HEAD): compared without case, as a case-insensitive file system would. */
const RESERVED = new Set(
  [
    'HEAD',
    'FETCH_HEAD',
    'ORIG_HEAD',
    'MERGE_HEAD',
    'CHERRY_PICK_HEAD',
    'REVERT_HEAD',
    'REBASE_HEAD',
    'BISECT_HEAD',
    'AUTO_MERGE',
    'MERGE_AUTOSTASH',
    'COMMIT_EDITMSG',
    '@',
    // The git directory's own files and folders: `git rev-parse config` reads them before refs/heads/.
    'config',
    'description',
    'index',
    'packed-refs',
    'shallow',
    'hooks',
    'info',
    'logs',
    'objects',
    'refs',
    'branches',
    'remotes',
    'modules',
    'worktrees',
  ].map((n) => n.toLowerCase()),
);

/** First words that make git read the name as another kind of ref (`refs/heads/x`, `tags/v1`). */
const RESERVED_FIRST = ['refs', 'heads', 'tags', 'remotes'];

// ASCII control characters and DEL (git), and every other space, line break or invisible character (ours).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;
const FORBIDDEN = ['~', '^', ':', '?', '*', '[', '\\'];

/**
 * What `git check-ref-format --branch` refuses, as a sentence; null when git accepts the name. Also
 * refused: spaces and invisible characters of any kind (git refuses only ASCII ones), and more than
 * BRANCH_MAX characters.
 */
export function branchFormatProblem(name: string): string | null {
  if (name === '') return 'Enter a branch name.';
  if (name.length > BRANCH_MAX) return `At most ${BRANCH_MAX} characters.`;
  if (INVISIBLE.test(name)) return 'A branch name cannot contain spaces or invisible characters.';
  const bad = FORBIDDEN.find((c) => name.includes(c));
  if (bad) return `A branch name cannot contain "${bad}".`;
  if (name.startsWith('-')) return 'A branch name cannot start with "-".';
  if (name.includes('..')) return 'A branch name cannot contain "..".';
  if (name.includes('@{')) return 'A branch name cannot contain "@{".';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'Separate the words of a branch name with single slashes, with none at the start or the end.';
  const parts = name.split('/');
  if (parts.some((p) => p.startsWith('.'))) return 'No part of a branch name (between slashes) can start with ".".';
  if (parts.some((p) => p.endsWith('.lock'))) return 'No part of a branch name (between slashes) can end with ".lock".';
  if (name.endsWith('.')) return 'A branch name cannot end with ".".';
  return null;
}

/** Git's reserved names, as a sentence; null when the name is free. */
export function reservedBranchProblem(name: string): string | null {
  if (RESERVED.has(name.toLowerCase()) || /^[A-Z_]+_HEAD$/.test(name)) return `"${name}" is a name git reserves: choose another.`;
  const first = name.split('/')[0] as string;
  if (RESERVED_FIRST.includes(first.toLowerCase())) return `A branch name cannot start with "${first}/": git would read it as another kind of name.`;
  return null;
}

/** Why a new branch cannot have this name (git's rules, then its reserved names); null when it can. */
export function branchNameProblem(name: string): string | null {
  return branchFormatProblem(name) ?? reservedBranchProblem(name);
}
