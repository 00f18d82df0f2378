// Setup for the `web` Vitest project (component tests in happy-dom; vitest.config.ts).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): the first open of a lazy chunk (a filter popover, a
// dialog) is transformed on demand, which takes over a second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// happy-dom 21 lacks HTMLSelectElement.size (the HTML standard: reflects the attribute, default 0).
// react-hook-form reads it to tell a select the person changed from one at its default, and without
// it keeps the DOM's first option instead of the form's default value.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

// happy-dom has no BroadcastChannel, which every supported browser has (the session's tabs talk on
// one); Node's is the same API. The vmForks pool (vitest.config.ts) does not pass Node's globals in.
// (The specifier is a plain string: the web project's types know no Node modules.)
if (typeof globalThis.BroadcastChannel === 'undefined') {
  const workerThreads: string = 'node:worker_threads';
  globalThis.BroadcastChannel = (
    (await import(workerThreads)) as { BroadcastChannel: typeof BroadcastChannel }
  ).BroadcastChannel;
}

// React, Radix and Testing Library report real mistakes (a missing key, an update outside act(),
// a dialog without a title) through console.error: an unexpected one fails the test. A test that
// expects one says so with `vi.mocked(console.error).mockClear()` after checking it.
let consoleError: MockInstance<typeof console.error>;

/** Gaps of happy-dom, not of the app: every supported browser knows <search> (HTML 2023). */
const isEnvironmentGap = (args: unknown[]) =>
  String(args[0]).startsWith('The tag <%s> is unrecognized in this browser') && args[1] === 'search';

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  // happy-dom's sendBeacon really sends (a fetch to localhost:3000, past stubFetch): the insight
  // beacons (lib/insights-beacon.ts) are recorded instead; a test reads vi.mocked(navigator.sendBeacon).
  vi.spyOn(navigator, 'sendBeacon').mockImplementation(() => true);
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls
    .filter((args) => !isEnvironmentGap(args))
    .map((args) => args.map(String).join(' '));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.join('\n---\n')}`);
  }
});
