import { defineConfig } from 'vitest/config';
import { TIME_LIMITS } from './tests/helpers/time-limits';

// Three projects, one runner: `unit` is fast and pure, `integration` starts the real API
// on a temporary database, `e2e` drives the built app in the system Chromium.
export default defineConfig({
  test: {
    // Two files at a time on a 2-core machine (Vitest's default is cores - 1 = 1): the integration,
    // reliability and browser files spend most of their time waiting on servers, pages and timers, so
    // two run in about 60 % of the time one after the other. Every file starts its servers (and its
    // Chromium) on its own data folder, port and schema, so they do not meet. The browser specs share
    // the pool with the rest: a project held to one file at a time would run after all the others,
    // alone, and its specs were most of the run.
    maxWorkers: 2,
    // The integration, reliability and browser files run one after another in a worker that keeps its
    // modules (isolate: false): each file starts its own servers on its own data folder, so it shares no
    // state with the file before it, and the server's 700-odd modules are imported once per worker
    // instead of once per file. Measured alone on this machine: integration 418 s → 305 s wall, 743 →
    // 526 s CPU. The unit files stay isolated: they swap globals (a fake IndexedDB, fetch, timers).
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'replication/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          ...TIME_LIMITS.unit,
        },
      },
      {
        test: {
          name: 'integration',
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          ...TIME_LIMITS.integration,
        },
      },
      {
        test: {
          name: 'reliability',
          isolate: false,
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          ...TIME_LIMITS.reliability,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          // A page on a busy 2-core machine can take seconds to settle; polls wait for it instead of 1 s.
          expect: { poll: TIME_LIMITS.e2e.poll },
          testTimeout: TIME_LIMITS.e2e.testTimeout,
          hookTimeout: TIME_LIMITS.e2e.hookTimeout,
        },
      },
    ],
  },
});
