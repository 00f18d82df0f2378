import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiFiles = ['src/server/**/*.api.test.ts'];

/** The API suite runs once per engine: embedded PGlite always, PostgreSQL when a server is given. */
function apiProject(db: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: `api-${db}`,
      include: apiFiles,
      environment: 'node',
      env: { TEST_DB: db },
      // Each file builds its own app, database and SMTP sink (src/server/test/build-test-app.ts) and
      // closes them in afterAll, so files need no module isolation; reusing the worker's loaded modules
      // (fastify, drizzle, the PGlite WASM) saves about a third of the run on 2 cores.
      isolate: false,
      // Booting PGlite (initdb in WASM) takes a few seconds, more while the other worker is busy.
      hookTimeout: 60_000,
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  test: {
    // One forked worker per core, API files spread over them (each file its own database); at least
    // two, since an API file spends part of its time waiting on a database server or a socket.
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/server/**/*.unit.test.ts',
            'src/web/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
          environment: 'node',
          // Pure functions and temp-dir fixtures: no shared state to isolate.
          isolate: false,
          // A guard against a hang, not a speed check: the property tests run hundreds of cases and
          // took 5–7 s (Vitest's default limit is 5) on a 2-core machine busy with other work.
          testTimeout: 30_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          // Each file gets fresh modules (the dialog and session stores are module state) in a fresh VM
          // context of a worker that stays up, instead of a fresh process per file: a third of the CPU.
          pool: 'vmForks',
          // As in the unit project: a hang guard that a busy machine's slow property test does not trip.
          testTimeout: 30_000,
          setupFiles: ['src/web/test/setup-test-env.ts'],
        },
      },
    ],
  },
});
