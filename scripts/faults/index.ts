// npm run faults [-- --short] [-- --strict] [-- --only=a,b,c]
//
// Fault drills against the real server run as a child process:
//   (a) PostgreSQL (a private throwaway cluster) stopped for 3 s and started again under write traffic;
//   (b) kill -9 of the server on embedded PGlite, restarted on the same DATA_DIR;
//   (c) SMTP down while people sign up and opening alerts go out;
//   (d) a read replica (a streaming standby, scripts/standby-postgres.sh) lagging, then stopped.
// Each prints PASS/FAIL with its figures; the exit code is 1 when any fails.
// --short: fewer writes and sign-ups, the same checks (CI).
// --strict: the timing targets (recovery, hang, delivery times) gate as the other checks do; without
// it they are printed as measured, since they vary with the host's speed (the other checks do not).
import { findPgServerBin, NO_PG_SERVER_BIN } from './postgres';
import {
  type DrillOptions,
  type DrillResult,
  pgliteKillDrill,
  postgresRestartDrill,
  replicaDrill,
  smtpOutageDrill,
} from './scenarios';

const args = process.argv.slice(2);
const short = args.includes('--short');
const strict = args.includes('--strict');
// The drills share nothing (own ports, directories, SMTP sink, PostgreSQL cluster): the short run
// (CI) runs them at once to stay near a minute; the full run one after the other.
const parallel = args.includes('--parallel') || (short && !args.includes('--serial'));
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',') ?? ['a', 'b', 'c', 'd'];
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const drills: Record<string, (o: DrillOptions) => Promise<DrillResult>> = {
  a: postgresRestartDrill,
  b: pgliteKillDrill,
  c: smtpOutageDrill,
  d: replicaDrill,
};
for (const id of only) {
  if (!drills[id]) {
    console.error(`unknown drill '${id}' (a, b, c or d)`);
    process.exit(2);
  }
}
// Drills (a) and (d) need PostgreSQL's server programs. Without them they are skipped with one line,
// except in CI, which installs them (.ci/run): there a missing install must fail, not pass quietly.
for (const [id, name] of [
  ['a', 'postgres-restart'],
  ['d', 'replica'],
] as const) {
  if (!only.includes(id) || findPgServerBin()) continue;
  if (process.env.CI) {
    console.error(`FAIL ${name}: ${NO_PG_SERVER_BIN}`);
    process.exit(1);
  }
  console.log(`SKIP ${name} (drill ${id}): ${NO_PG_SERVER_BIN}`);
  only.splice(only.indexOf(id), 1);
}
if (only.length === 0) process.exit(0);

async function run(id: string): Promise<DrillResult & { took: string }> {
  const t0 = Date.now();
  const log = (line: string) => console.log(`  [${seconds(started)}] ${id}: ${line}`);
  log(`start${short ? ' (short)' : ''}`);
  const result = await drills[id]!({ short, log });
  const took = seconds(t0);
  if (!parallel) report({ ...result, took });
  return { ...result, took };
}

/** Failures, with the missed timing targets among them under --strict. */
const failuresOf = (result: DrillResult) => [
  ...result.failures,
  ...(strict ? result.timings.filter((t) => !t.met).map((t) => `${t.target}: ${t.measured}`) : []),
];

function report(result: DrillResult & { took: string }) {
  console.log(`${failuresOf(result).length === 0 ? 'PASS' : 'FAIL'} ${result.name} (${result.took})`);
  for (const f of result.figures) console.log(`    ${f}`);
  for (const t of result.timings)
    console.log(
      `    ${t.met ? 'met' : strict ? '✗ missed' : 'missed'} ${t.target}: ${t.measured}${strict ? '' : ' (measured, a gate with --strict)'}`,
    );
  for (const f of result.failures) console.log(`    ✗ ${f}`);
}

const results: (DrillResult & { took: string })[] = [];
if (parallel) {
  results.push(...(await Promise.all(only.map(run))));
  console.log('');
  for (const r of results) report(r);
} else {
  for (const id of only) results.push(await run(id));
}
const failed = results.filter((r) => failuresOf(r).length > 0).length;
console.log(
  `\n${failed === 0 ? 'PASS' : 'FAIL'}: ${results.length - failed}/${results.length} drills passed in ${seconds(started)}${parallel ? ' (run at once)' : ''}`,
);
process.exit(failed === 0 ? 0 : 1);
