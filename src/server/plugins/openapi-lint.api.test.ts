import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '#server/test/build-test-app.ts';

/**
 * The OpenAPI document the app serves passes redocly's lint with its recommended rules: no error,
 * and no warning beyond the ones accepted below.
 */

/** The local redocly (what node_modules/.bin/redocly links to), resolved so knip sees the package used. */
const REDOCLY = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));

/** Warnings accepted, each for a reason; any other warning fails like an error. */
const ACCEPTED_WARNINGS = [
  // The project is not published under a licence: there is none to name.
  'info-license #/info',
  // Neither takes any input nor sits behind the beta gate: there is no 4xx they could answer.
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  'operation-4xx-response #/paths/~1api~1beta/get/responses',
  // No input either, and this deployment has no beta gate (with one, it lists the gate's 403).
  'operation-4xx-response #/paths/~1api~1push~1public-key/get/responses',
];

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const t = await buildTestApp();
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

it('passes redocly lint (recommended) with no error and only the accepted warnings', async () => {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify((await t.get('/api/openapi.json')).body));
  const run = await promisify(execFile)(
    process.execPath,
    [REDOCLY, 'lint', '--extends=recommended', '--format=json', '--max-problems=1000', file],
    {
      cwd: dir,
      // No telemetry or update check from a test run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).then(
    (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  const report = JSON.parse(run.stdout || '{"totals":{},"problems":[]}') as LintReport;
  const problems = report.problems.map(
    (p) => `${p.severity} ${p.ruleId} ${p.location.map((l) => l.pointer).join(' ')}: ${p.message}`,
  );
  const unaccepted = report.problems
    .filter((p) => !ACCEPTED_WARNINGS.includes(`${p.ruleId} ${p.location[0]?.pointer}`))
    .map((p) => `${p.severity} ${p.ruleId} ${p.location.map((l) => l.pointer).join(' ')}: ${p.message}`);
  expect(unaccepted, problems.join('\n')).toEqual([]);
  expect(report.totals.errors, run.stderr).toBe(0);
  expect(run.code, `${run.stderr}\n${problems.join('\n')}`).toBe(0);
}, 60_000);
