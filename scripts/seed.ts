// `npm run seed:demo`: applies migrations and seeds the demo content into the configured database.
// Refuses a PGlite data directory that a running server holds (two clients would corrupt it).
import path from 'node:path';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import { seedDemoContent } from '../server/seed/demo-content';

const config = loadConfig();
let unlock = () => undefined as void;
try {
  if (!config.DATABASE_URL) unlock = lockDataDir(path.resolve(config.DATA_DIR));
} catch (err) {
  console.error((err as Error).message, '\nStop the server first.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateDatabase(database);
  console.log((await seedDemoContent(database.db)) ? 'Seeded demo content.' : 'Demo content was already seeded.');
} finally {
  await database.close();
  unlock();
}
