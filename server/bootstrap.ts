// What a start does to the database before serving: migrations, system roles and their grants, the
// settings row, the brand's CMS pages, demo content, and the first master admin.
import { eq, sql } from 'drizzle-orm';
import { href } from 'react-router';
import { dropEditorViews, prepareSqlRole } from './modules/sql';
import { ensureSiteRepository } from './modules/code';
import type { Logger } from 'pino';
import type { Config } from './config';
import { type Database, migrateDatabase } from './db/client';
import { profiles, userRoles, users } from './db/schema';
import { seedDemoContent } from './seed/demo-content';
import { ensureBrandPages } from './seed/brand-pages';
import { seedDemoCollateral } from './seed/collateral';
import { DEMO_ROLE_ORGANISATION, seedPartnerChain } from './seed/partners';
import { hashPassword, passwordProblem, weakPassword } from './auth/password';
import { newToken } from './auth/tokens';
import { SYSTEM_ACTOR } from './core/actor';
import { ensureSystemRoles } from './modules/users';
import type { Services } from './services';
import { ROLES } from '../shared/policy';

export async function prepareDatabase(database: Database, config: Config, logger: Logger): Promise<void> {
  // The SQL editor's masked views read the tables' columns: out of the migrations' way (made again below).
  await dropEditorViews(database);
  await migrateDatabase(database);
  await ensureSystemRoles(database.db);
  // The SQL editor's role and its grants, for the tables as the migrations left them.
  await prepareSqlRole(database, { databaseUrl: config.DATABASE_URL, editorUrl: config.SQL_EDITOR_DATABASE_URL, secret: config.SESSION_SECRET });
  // The brand's own pages (About, Drink Responsibly, the legal pages) are CMS pages: their routes need them.
  if (await ensureBrandPages(database.db)) logger.info('seeded the brand pages');
  // The site's assets repository (the Code Editor), its first commit the assets as the site used them, live.
  if (await ensureSiteRepository(database.db)) logger.info('created the site assets repository');
  if (config.SEED_DEMO && (await seedDemoContent(database.db))) logger.info('seeded demo content');
}

/** Writes a line to stdout as it is (not a JSON log line), so a person starting the server sees it. */
export const printLine = (line: string): void => void process.stdout.write(`${line}\n`);

/**
 * First start: the master admin from ADMIN_EMAIL/ADMIN_PASSWORD, or a one-time set-up link — the one
 * live link ever printed (on stdout, as a plain line; never in the JSON log). Every other link goes
 * to the outbox.
 */
export async function ensureMasterAdmin(
  database: Database,
  services: Services,
  config: Config,
  logger: Logger,
  origin: string,
  print: (line: string) => void = printLine,
): Promise<void> {
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, sql`${userRoles.userId} = ${users.id} and ${userRoles.role} = 'master_admin'`)
    .where(sql`${profiles.isMasterAdmin} or ${userRoles.role} is not null`)
    .limit(1);
  if (existing) return;
  const email = config.ADMIN_EMAIL ?? 'admin@frolic.local';
  const created = await services.users
    .createUser(
      {
        email,
        firstName: 'Master',
        lastName: 'Admin',
        roles: ['master_admin', 'admin'],
        password: config.ADMIN_PASSWORD,
        isMasterAdmin: true,
        confirmed: true,
      },
      SYSTEM_ACTOR,
    )
    .catch((err: unknown) => {
      throw new Error(`ADMIN_PASSWORD is not acceptable: ${(err as Error).message}`);
    });
  if (created.inviteToken) {
    logger.warn({ email }, 'No ADMIN_PASSWORD: the master admin set-up link is printed on stdout');
    print('');
    print(`  Frolic: set the master admin password (${email}) with this one-time link (valid for 7 days):`);
    print(`  ${origin}${href('/auth/reset-password')}?token=${created.inviteToken}`);
    print('');
  } else {
    logger.info({ email }, 'created the master admin from ADMIN_EMAIL/ADMIN_PASSWORD');
  }
}

export const DEMO_DOMAIN = 'demo.frolic.example';

export interface DemoCredential {
  role: string;
  email: string;
  password: string;
}

/**
 * Demo mode only: one user per role, and the demo trade network (server/seed/partners.ts) that the
 * partner roles' demo users belong to, with collateral to request (server/seed/collateral.ts, once);
 * existing demo users get the new password (and lose any lock).
 */
export async function createDemoUsers(services: Services, database: Database, password = `Demo-${newToken(9)}`): Promise<DemoCredential[]> {
  const problem = passwordProblem(password);
  if (problem) throw weakPassword(problem);
  // One hash for every demo user: argon2 is slow on purpose.
  const passwordHash = await hashPassword(password);
  const chain = await seedPartnerChain(services, database.db, passwordHash);
  await seedDemoCollateral(services, database.db);
  const out: DemoCredential[] = [];
  for (const role of ROLES) {
    const email = `${role.replace('_', '-')}@${DEMO_DOMAIN}`;
    const org = DEMO_ROLE_ORGANISATION[role];
    const organisationId = org ? chain[org] : null;
    const [found] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (found) {
      await database.db.update(users).set({ passwordHash, status: 'active', organisationId }).where(eq(users.id, found.id));
      await services.users.clearLockout(email);
      await database.db.update(profiles).set({ requiresPasswordReset: false, passwordLastUpdated: new Date() }).where(eq(profiles.id, found.id));
    } else {
      const name = role.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
      await services.users.createUser({ email, firstName: name, lastName: 'Demo', roles: [role], passwordHash, confirmed: true, organisationId }, SYSTEM_ACTOR);
    }
    out.push({ role, email, password });
  }
  return out;
}

/**
 * Demo mode at start-up: (re)creates the demo users and says who they are — never their password,
 * which also opens the demo master admin. With DEMO_PASSWORD they get that password; without it a
 * random one nobody is told (set DEMO_PASSWORD to sign in as them).
 */
export async function startDemoUsers(services: Services, database: Database, logger: Logger, password: string | undefined): Promise<void> {
  const demo = await createDemoUsers(services, database, password);
  const users = demo.map((d) => `${d.role}: ${d.email}`);
  if (password)
    logger.warn({ users }, 'DEMO_MODE: demo users, one per role, with the password in DEMO_PASSWORD (reset at every start; never enable in production)');
  else
    logger.warn(
      { users },
      'DEMO_MODE: demo users, one per role, with a random password that is not shown: set DEMO_PASSWORD to choose theirs (applied at every start)',
    );
}
