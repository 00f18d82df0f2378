// `npm test`: type-check, lint, unit + API + component tests (Vitest, every project of vitest.config.ts),
// reliability drills, the search relevance benchmark, browser journeys (Playwright), byte budgets and
// Lighthouse. `npm run check` (--check): the gate before a push, type-check, lint, and the unit,
// component and API tests on PGlite, in a few minutes.
// Every step runs even if an earlier one failed; the last line sums them for CI: "N passed, N failed".
// Steps that do not compete for the machine run at once (the type-checks and the lint); the suites that
// start servers and measure them run one after another, each using the cores it is given.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHECK = process.argv.includes('--check');
const OUT = '.test-results';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];
// The failing tests' names and first error lines, repeated after the summary so the log's tail names them.
const failures = [];

function firstLine(text) {
  return `    ${
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  }`.slice(0, 300);
}

/** Runs one step with its output passed through; never blocks, so steps started at once run on. */
function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) =>
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    );
  });
}

/** The browser journeys that also run on PostgreSQL: account settings, passkeys, deletion, conflicts, push, messages. */
const POSTGRES_JOURNEYS = [
  'e2e/account-security.spec.ts',
  'e2e/passkeys.spec.ts',
  'e2e/account-deletion.spec.ts',
  'e2e/profile-conflict.spec.ts',
  'e2e/push-notifications.spec.ts',
  'e2e/messages.spec.ts',
];

/** One Playwright run, its failures named from its JSON report and its counts added to the sums. */
async function playwright(label, reportName, files, env) {
  const file = `${OUT}/${reportName}`;
  const { ok, seconds } = await run(label, 'npx', ['playwright', 'test', '--reporter=list,json', ...files], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = readJson(file);
  const stats = report?.stats;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          failures.push(
            `${spec.file}:${spec.line} › ${spec.title}`,
            firstLine(test.results?.at(-1)?.error?.message),
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  const p = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const f = stats ? stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1) : 1;
  passed += p;
  failed += f;
  lines.push(`${label}: ${p} passed, ${f} failed (${seconds}s)`);
}

async function check(label, command, args) {
  const { ok, seconds } = await run(label, command, args);
  count(label, ok, seconds);
}

function count(label, ok, seconds) {
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
}

/**
 * Runs short steps at once, each one's output kept and printed whole when it ends (so the log
 * stays readable), and counts them like check().
 */
async function checkTogether(steps) {
  console.log(`\n▶ at once: ${steps.map(([label]) => label).join(', ')}`);
  const results = await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${label}: ${command} ${args.join(' ')} (${seconds}s)\n${output.trimEnd()}`);
            resolve({ label, ok: code === 0, seconds });
          });
        }),
    ),
  );
  for (const { label, ok, seconds } of results) count(label, ok, seconds);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Incremental: a later run re-checks only what changed (the build info is kept in node_modules/.cache;
// a fresh clone checks everything).
const typecheck = (project, name) => [
  `typecheck (${name})`,
  'npx',
  ['tsc', '-p', project, '--incremental', '--tsBuildInfoFile', `node_modules/.cache/tsc-${name}.tsbuildinfo`],
];
const staticSteps = [
  typecheck('tsconfig.json', 'server'),
  typecheck('tsconfig.web.json', 'web'),
  ['lint', 'npm', ['run', '--silent', 'lint']],
];
// npm test runs them first, on their own; --check runs them beside the tests, whose workers leave
// part of the second core idle while a database file starts.
const staticChecks = CHECK ? checkTogether(staticSteps) : await checkTogether(staticSteps);

{
  const file = `${OUT}/vitest.json`;
  // --check: the projects that need nothing but Node (no PostgreSQL server, no browser).
  const projects = CHECK ? ['--project', 'unit', '--project', 'web', '--project', 'api-pglite'] : [];
  // --check: the OpenAPI fuzz sends 20 generated requests per operation instead of 40 (a fifth of
  // the gate's CPU otherwise); npm test sends 40 on each engine, `npm run fuzz` 2,000.
  const env = CHECK && !process.env.FUZZ_RUNS ? { FUZZ_RUNS: '20' } : {};
  const { ok, seconds } = await run(
    'vitest',
    'npx',
    ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  const report = readJson(file);
  const p = report?.numPassedTests ?? 0;
  // A run that failed without a failing test (a crash, an unhandled error) still counts as one failure.
  const f = report ? report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1) : 1;
  passed += p;
  failed += f;
  lines.push(
    `vitest: ${p} passed, ${f} failed (${seconds}s)${!CHECK && process.env.TEST_DATABASE_URL ? ' — API suite on PGlite and PostgreSQL' : ' — API suite on PGlite only'}`,
  );
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(
          `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
          firstLine(test.failureMessages?.[0]),
        );
    }
    if (file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed')) {
      failures.push(file.name.replace(`${process.cwd()}/`, ''), firstLine(file.message));
    }
  }
}

if (!CHECK) {
  // Short versions of the reliability suites (docs/reliability.md holds the full runs' figures).
  await check('loadtest (short)', 'npm', ['run', '--silent', 'loadtest', '--', '--short']);
  await check('faults (short)', 'npm', ['run', '--silent', 'faults', '--', '--short']);
  // Search relevance on the demo catalogue (docs/search.md): fails below scripts/relevance/thresholds.json.
  await check('relevance', 'npm', ['run', '--silent', 'relevance']);

  const hasBrowser = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  if (!hasBrowser) {
    failed += 1;
    lines.push('playwright: FAILED — no Chromium at /usr/bin/chromium (apt-get install -y chromium)');
  } else {
    await playwright('playwright', 'e2e.json', [], {});
    // The journeys of an account's own data once more with each server on a fresh PostgreSQL database
    // (e2e/fixtures.ts: E2E_DATABASE_URL), as `npm start` runs with DATABASE_URL.
    if (process.env.TEST_DATABASE_URL)
      await playwright('playwright (PostgreSQL)', 'e2e-postgres.json', POSTGRES_JOURNEYS, {
        E2E_DATABASE_URL: process.env.TEST_DATABASE_URL,
      });
  }

  // After the browser tests' build: JavaScript per route against the budget, then Lighthouse.
  await check('bundle budgets', 'npm', ['run', '--silent', 'budgets']);
  await check('lighthouse', 'npm', ['run', '--silent', 'lighthouse']);
}

await staticChecks;

if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
