// `npm run db:schema`: rewrites src/server/db/schema.sql from the migrations (src/server/db/schema-dump.ts).
import { writeFile } from 'node:fs/promises';
import { dumpMigratedSchema, SCHEMA_FILE } from '#server/db/schema-dump.ts';

await writeFile(SCHEMA_FILE, await dumpMigratedSchema());
console.log(`Wrote ${SCHEMA_FILE}`);
