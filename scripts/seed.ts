// `npm run seed`: fills an empty database with the demo catalogue (the server also does this at start).
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { acquireDataDirLock } from '../src/server/lib/data-dir-lock';
import { seedDemo } from '../src/server/seed/seed';
import { createStorage } from '../src/server/storage/create-storage';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  // The same storage the server uses (DATA_DIR/uploads, or S3 when configured), so the images resolve.
  const seeded = await seedDemo({ db: database.db, storage: createStorage(config) });
  if (!seeded) {
    console.log('The database is not empty: nothing seeded.');
  } else {
    console.log(
      `Demo catalogue: ${seeded.providers} providers, ${seeded.images} images, ${seeded.reviews} reviews, in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    for (const a of seeded.accounts) console.log(`${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
  }
} finally {
  await database.close();
  release();
}
