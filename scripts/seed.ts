// `npm run seed`: fills an empty database with the demo catalogue (the server also does this at start).
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { acquireDataDirLock } from '../src/server/lib/data-dir-lock';
import { seedDemo } from '../src/server/seed/seed';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const accounts = await seedDemo(database.db);
  if (accounts.length === 0) console.log('The database is not empty: nothing seeded.');
  for (const a of accounts) console.log(`${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
} finally {
  await database.close();
  release();
}
