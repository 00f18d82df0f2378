// The web app's two builds, as `npm run build` runs them: the browser's (dist/web) and the
// server-rendering entry the server imports (dist/ssr; ADR 017). Used by `npm start` on a fresh
// clone, the budgets and Lighthouse steps and the browser tests' global set-up.
import { spawnSync } from 'node:child_process';

/** Runs both builds; returns false (after printing Vite's error) when one fails. */
export function buildWeb(logLevel = 'warn') {
  for (const extra of [[], ['--ssr', 'entry-server.tsx']]) {
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', logLevel, ...extra], {
      stdio: 'inherit',
    });
    if (result.status !== 0) return false;
  }
  return true;
}
