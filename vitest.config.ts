import { defineConfig } from 'vitest/config';
import { TIME_LIMITS } from './tests/helpers/time-limits';

// Three projects, one runner: `unit` is fast and pure, `integration` starts the real API
// on a temporary database, `e2e` drives the built app in the system Chromium.
export default defineConfig({
  test: {
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
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          ...TIME_LIMITS.integration,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          ...TIME_LIMITS.reliability,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          environment: 'node',
          // A page on a busy 2-core machine can take seconds to settle; polls wait for it instead of 1 s.
          expect: { poll: TIME_LIMITS.e2e.poll },
          testTimeout: TIME_LIMITS.e2e.testTimeout,
          hookTimeout: TIME_LIMITS.e2e.hookTimeout,
          fileParallelism: false,
        },
      },
    ],
  },
});
