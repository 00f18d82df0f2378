// `npm run backup -- --out FILE`: one archive of the database (PGlite or PostgreSQL) and the uploads.
import { parseArgs } from 'node:util';
import { createBackup } from '../src/server/backup/backup';
import { runCommand } from '../src/server/backup/tools';
import { loadConfig } from '../src/server/config';

const USAGE = 'Usage: npm run backup -- --out FILE   (reads DATA_DIR and DATABASE_URL like the server)';

await runCommand(USAGE, async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.out) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const result = await createBackup({
    config: loadConfig(),
    out: values.out,
    log: (line) => console.log(line),
  });
  const { manifest } = result;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Wrote ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB) in ${(result.ms / 1000).toFixed(1)} s: ` +
      `${manifest.engine}, ${manifest.tables.length} tables, ${rows} rows, ` +
      `${Object.keys(manifest.uploads.files).length} upload files, migration ${manifest.migrations.latest}`,
  );
});
