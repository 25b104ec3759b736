// The Code Editor's constants and answer shapes without the validation library (kept out of page
// bundles): spec §9's editor defaults and choices, spec §8's toasts, the deploy's shortest
// deploying state (spec §9: 3 s), branch names, and what the API answers.

export const EDITOR_THEMES = ['light', 'dark', 'monokai'] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const EDITOR_THEME_LABELS: Record<EditorTheme, string> = { light: 'Light', dark: 'Dark', monokai: 'Monokai' };

/** Spec §9: Monaco with its fallbacks; each choice puts its font first and keeps the others behind it. */
export const EDITOR_FONTS = ['Monaco', 'Menlo', 'Fira Code', 'Source Code Pro'] as const;
export type EditorFont = (typeof EDITOR_FONTS)[number];
export const fontStack = (first: EditorFont) =>
  [first, ...EDITOR_FONTS.filter((f) => f !== first)].map((f) => (f.includes(' ') ? `"${f}"` : f)).join(', ') + ', monospace';

export const EDITOR_FONT_SIZES = [12, 14, 16, 18] as const;
export const EDITOR_TAB_SIZES = ['2', '4', 'tab'] as const;
export type EditorTabSize = (typeof EDITOR_TAB_SIZES)[number];
export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const GIT_AUTH = ['ssh', 'https', 'token'] as const;
export type GitAuth = (typeof GIT_AUTH)[number];

export interface EditorSettings {
  theme: EditorTheme;
  fontFamily: EditorFont;
  fontSize: (typeof EDITOR_FONT_SIZES)[number];
  tabSize: EditorTabSize;
  lineWrapping: boolean;
  defaultBranch: string;
  environment: Environment;
  buildCommand: string;
  gitAuth: GitAuth;
  encoding: string;
}

/** Spec §9 editor defaults. */
export const EDITOR_DEFAULTS: EditorSettings = {
  theme: 'dark',
  fontFamily: 'Monaco',
  fontSize: 14,
  tabSize: '2',
  lineWrapping: false,
  defaultBranch: 'main',
  environment: 'production',
  buildCommand: 'npm run build',
  gitAuth: 'ssh',
  encoding: 'UTF-8',
};

/** What the settings that need something this installation does not have say about it. */
export const SETTING_NOTES = {
  environment: 'Only production exists here: a deploy publishes to the live site. Development and staging need environments of their own.',
  gitAuth: 'The repository lives in the database and has no remote, so nothing is pushed or pulled: authentication applies once a remote is set up.',
  buildCommand: 'Nothing is built: the site uses the files as they are, and a deploy checks them instead.',
  encoding: 'Files are stored as UTF-8.',
} as const;

/** Spec §8 toasts. */
export const COMMIT_FAILED = { title: 'Commit Failed', description: 'Please enter a commit message.' } as const;
export const DEPLOY_SUCCESS = { title: 'Deployment Successful', description: 'Changes have been deployed to production.' } as const;

/** Spec §9: the deploy's deploying state lasts at least this long. */
export const DEPLOY_MIN_MS = 3000;

/** Branch names: git's rules and reserved names (branch-name.ts). */
export { BRANCH_MAX } from './branch-name';
export const COMMIT_MESSAGE_MAX = 2000;
/** Characters one file may hold (the assets are small text files). */
export const FILE_MAX = 50_000;
/** Commits per page of Commit History. */
export const HISTORY_PAGE_SIZE = 30;
/** The commit id as the spec shows it. */
export const shortId = (oid: string) => oid.slice(0, 7);

export type FileStatus = 'modified' | 'added' | 'deleted';

export interface TreeFile {
  path: string;
  /** The user has an uncommitted edit of it on this branch. */
  changed: boolean;
}

export interface CommitSummary {
  id: string;
  message: string;
  author: string;
  email: string;
  /** ISO date. */
  date: string;
  /** Files changed against its parent (spec §3 `changes`). */
  changes: number;
  parent: string | null;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Each line prefixed with ' ', '-' or '+'. */
  lines: string[];
}

export interface FileDiff {
  path: string;
  status: FileStatus;
  hunks: DiffHunk[];
}

export interface BranchInfo {
  name: string;
  head: string;
  message: string;
  date: string;
  /** The live site serves this branch's head. */
  live: boolean;
}

export interface Deployment {
  id: number;
  commit: string;
  branch: string | null;
  deployedBy: string | null;
  deployedAt: string;
}

export interface CodeState {
  branch: string;
  head: string;
  files: TreeFile[];
  branches: BranchInfo[];
  live: Deployment | null;
  settings: EditorSettings;
  /** Uncommitted edits of this user on this branch. */
  changes: number;
}

export interface OpenFile {
  path: string;
  content: string;
  changed: boolean;
}

export interface HistoryPage {
  commits: CommitSummary[];
  /** Where the next page starts (null: the first commit is on this page). */
  next: string | null;
}

/** A refusal of a deploy: what is wrong, where. */
export interface DeployProblem {
  path: string;
  line: number | null;
  message: string;
}
