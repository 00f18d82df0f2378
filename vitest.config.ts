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
      // A file boots the app on a new database and sends real mail; argon2 hashing adds up.
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // 2 cores: one fork per core; every file gets its own process, database and SMTP sink.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      // The `web` project (src/web/**/*.test.tsx, happy-dom) goes here.
    ],
  },
});
