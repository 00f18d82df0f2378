import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dumpMigratedSchema, SCHEMA_FILE } from './schema-dump';

// The dump always comes from a fresh PGlite, whichever engine the project tests: once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('src/server/db/schema.sql', () => {
  it('is the schema the migrations build', async () => {
    const migrated = await dumpMigratedSchema();
    const file = await readFile(SCHEMA_FILE, 'utf8');
    expect(file, 'src/server/db/schema.sql is out of date: run npm run db:schema').toBe(migrated);
  }, 120_000);
});
