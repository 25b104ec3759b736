// The site's assets repository (issue 20): a real git repository kept in PostgreSQL, so every instance
// sees the same one. `code_objects` holds the loose objects (zlib-deflated, as git writes them) and
// `code_files` everything else of the bare repository (HEAD, config, refs/heads/*); the file-system
// adapter that isomorphic-git writes through maps paths onto these two tables
// (server/modules/code/git-fs.ts). Uncommitted edits live per user and branch in
// `code_working_files`; the live site follows the newest row of `code_deployments`.
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Git objects by id: the deflated loose object, exactly as `objects/<2>/<38>` holds it. Immutable. */
export const codeObjects = pgTable(
  'code_objects',
  {
    repo: text('repo').notNull(),
    oid: text('oid').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.repo, t.oid] })],
);

/** The rest of the bare repository, by path inside it: `HEAD`, `config`, `refs/heads/main`, … */
export const codeFiles = pgTable(
  'code_files',
  {
    repo: text('repo').notNull(),
    path: text('path').notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.repo, t.path] })],
);

/**
 * A user's uncommitted edit of one file on one branch: the text (null: the file is deleted) and the
 * blob the edit started from (`base_oid`, null for a new file), so a commit can tell that someone
 * else changed the file meanwhile.
 */
export const codeWorkingFiles = pgTable(
  'code_working_files',
  {
    repo: text('repo').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    path: text('path').notNull(),
    content: text('content'),
    baseOid: text('base_oid'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.repo, t.userId, t.branch, t.path] })],
);

/** Every deploy: the newest row per repository is what the live site serves. */
export const codeDeployments = pgTable(
  'code_deployments',
  {
    id: serial('id').primaryKey(),
    repo: text('repo').notNull(),
    commitOid: text('commit_oid').notNull(),
    branch: text('branch'),
    deployedBy: uuid('deployed_by').references(() => users.id, { onDelete: 'set null' }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_deployments_repo_id_idx').on(t.repo, t.id)],
);

/** The code editor's settings per user (spec §9 defaults) and the branch the user has checked out. */
export const codeEditorSettings = pgTable(
  'code_editor_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme').notNull().default('dark'),
    fontFamily: text('font_family').notNull().default('Monaco'),
    fontSize: integer('font_size').notNull().default(14),
    tabSize: text('tab_size').notNull().default('2'),
    lineWrapping: boolean('line_wrapping').notNull().default(false),
    defaultBranch: text('default_branch').notNull().default('main'),
    environment: text('environment').notNull().default('production'),
    buildCommand: text('build_command').notNull().default('npm run build'),
    gitAuth: text('git_auth').notNull().default('ssh'),
    encoding: text('encoding').notNull().default('UTF-8'),
    currentBranch: text('current_branch'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('code_editor_settings_theme', sql`${t.theme} in ('light', 'dark', 'monokai')`),
    check('code_editor_settings_font_size', sql`${t.fontSize} in (12, 14, 16, 18)`),
    check('code_editor_settings_tab_size', sql`${t.tabSize} in ('2', '4', 'tab')`),
    check('code_editor_settings_environment', sql`${t.environment} in ('development', 'staging', 'production')`),
    check('code_editor_settings_git_auth', sql`${t.gitAuth} in ('ssh', 'https', 'token')`),
  ],
);
