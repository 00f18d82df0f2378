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
      // PGlite: every file in a fresh process. PGlite's extensions (cube, pg_trgm) break from about
      // the third PGlite instance in one process: an index or operator call into them then spins at
      // 100% CPU with the event loop blocked, so no timeout fires (docs/architecture.md, Testing).
      // PostgreSQL: each file builds its own app, database and SMTP sink and closes them in afterAll,
      // so files share a worker's loaded modules, which saves about a third of that run on 2 cores.
      isolate: db === 'pglite',
      // Booting PGlite (initdb in WASM) takes a few seconds, more while the other worker is busy.
      hookTimeout: 60_000,
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  test: {
    // 2 cores: two forked workers, API files spread over them (each file its own database).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'src/web/**/*.unit.test.ts'],
          environment: 'node',
          // Pure functions and temp-dir fixtures: no shared state to isolate.
          isolate: false,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      // The `web` project (src/web/**/*.test.tsx, happy-dom) goes here; keep the default isolation there.
    ],
  },
});
