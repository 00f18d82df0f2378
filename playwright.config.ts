import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/** Browser journeys in the system Chromium (never `npx playwright install`: no network here). */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Each journey starts its own server and browser (two busy processes): one file at a time per two
  // cores, so the servers' clocks and timers are not starved (one on this 2-core host).
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
