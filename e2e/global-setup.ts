import { spawnSync } from 'node:child_process';

/** Builds the web app once, so the journeys run against what `npm start` serves. */
export default function globalSetup() {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}
