// `npm run restore -- FILE [--force]`: restores an archive from `npm run backup` into the configured,
// empty DATA_DIR / DATABASE_URL, then checks every table and upload against the archive's manifest.
import { parseArgs } from 'node:util';
import { formatComparison } from '../src/server/backup/manifest';
import { restoreBackup } from '../src/server/backup/restore';
import { runCommand } from '../src/server/backup/tools';
import { loadConfig } from '../src/server/config';

const USAGE =
  'Usage: npm run restore -- FILE [--force]   (into DATA_DIR / DATABASE_URL like the server; --force replaces a non-empty target)';

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const result = await restoreBackup({
    config: loadConfig(),
    archive: positionals[0]!,
    force: values.force ?? false,
    log: (line) => console.log(line),
  });
  console.log(formatComparison(result.comparison));
  console.log(
    `Restored the ${result.manifest.engine} backup of ${result.manifest.createdAt} in ${(result.ms / 1000).toFixed(1)} s.`,
  );
  if (!result.comparison.ok) process.exitCode = 1;
});
