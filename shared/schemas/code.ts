// The Code Editor's requests (issue 20, master admin only): one contract for the API and the screen.
import { z } from './zod';
import { requiredText } from './text';
import {
  COMMIT_FAILED,
  COMMIT_MESSAGE_MAX,
  EDITOR_FONT_SIZES,
  EDITOR_FONTS,
  EDITOR_TAB_SIZES,
  EDITOR_THEMES,
  ENVIRONMENTS,
  type EditorSettings,
  FILE_MAX,
  GIT_AUTH,
} from '../code-editor-constants';
import { withoutNul } from './admin';
import { branchFormatProblem, branchNameProblem } from '../branch-name';

const filePath = z
  .string({ error: 'Name a file.' })
  .min(1, 'Name a file.')
  .max(200)
  .regex(/^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/i, 'Not a file of the repository.');
/** A branch that exists: git's rules (a branch made before the reserved names were refused stays reachable). */
export const branchName = z
  .string({ error: 'Enter a branch name.' })
  .trim()
  .superRefine((name, ctx) => {
    const problem = branchFormatProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** A new branch: git's rules and none of the names git reserves (HEAD, config, refs/…). */
export const newBranchName = z
  .string({ error: 'Enter a branch name.' })
  .trim()
  .superRefine((name, ctx) => {
    const problem = branchNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const oid = z.string().regex(/^[0-9a-f]{40}$/, 'Not a commit id.');

/** GET /api/admin/code/file?path=…, DELETE the same (discard the edit). */
export const fileQuery = z.object({ path: filePath });

/** PUT /api/admin/code/file: the editor's text, kept as this user's uncommitted edit. */
export const saveFileBody = z.object({
  path: filePath,
  content: z
    .string({ error: 'Send the file’s text.' })
    .max(FILE_MAX, `At most ${FILE_MAX.toLocaleString('en')} characters.`)
    .transform((v) => withoutNul(v) ?? ''),
});

/** POST /api/admin/code/commit. Spec §5: non-empty after trimming. */
export const commitBody = z.object({
  message: z
    .string({ error: COMMIT_FAILED.description })
    .transform((v) => withoutNul(v)?.trim() ?? '')
    .pipe(requiredText(COMMIT_FAILED.description).max(COMMIT_MESSAGE_MAX, `At most ${COMMIT_MESSAGE_MAX} characters.`)),
});

/** GET /api/admin/code/history?from=<commit>: a page of the current branch's history. */
export const historyQuery = z.object({ from: oid.optional() });

/** POST /api/admin/code/branches: a new branch at the current branch's head (or a commit), checked out. */
export const createBranchBody = z.object({ name: newBranchName, from: oid.optional() });

/** PUT /api/admin/code/branch: check a branch out (per user). */
export const switchBranchBody = z.object({ name: branchName });

/** POST /api/admin/code/deploy: a branch's head, or one commit (a rollback). */
export const deployBody = z
  .object({ branch: branchName.optional(), commit: oid.optional() })
  .refine((b) => (b.branch === undefined) !== (b.commit === undefined), { message: 'Name a branch or a commit.', path: ['branch'] });

/** PUT /api/admin/code/settings: any of the settings. */
export const settingsBody = z
  .object({
    theme: z.enum(EDITOR_THEMES),
    fontFamily: z.enum(EDITOR_FONTS),
    fontSize: z
      .number()
      .refine((n) => (EDITOR_FONT_SIZES as readonly number[]).includes(n), `One of ${EDITOR_FONT_SIZES.join(', ')}.`)
      .transform((n) => n as EditorSettings['fontSize']),
    tabSize: z.enum(EDITOR_TAB_SIZES),
    lineWrapping: z.boolean(),
    defaultBranch: branchName,
    environment: z.enum(ENVIRONMENTS),
    buildCommand: z.string().trim().min(1).max(200),
    gitAuth: z.enum(GIT_AUTH),
    encoding: z.literal('UTF-8'),
  })
  .partial()
  .strict();

export const commitId = oid;
