// `npm run admin -- grant EMAIL`: gives an existing account the admin role.
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { acquireDataDirLock } from '../src/server/lib/data-dir-lock';
import { grantAdmin } from '../src/server/modules/auth/auth.service';

const [command, email] = process.argv.slice(2);
if (command !== 'grant' || !email) {
  console.error('Usage: npm run admin -- grant EMAIL');
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const user = await grantAdmin(database, email);
  if (!user) {
    console.error(`No account with the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an admin.`);
  }
} finally {
  await database.close();
  release();
}
