import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { propertySeed } from './src/shared/testing/property-seed.ts';

// Every randomised test (fast-check) draws from one printed seed: a red run is replayed with it.
process.env.TEST_SEED = String(propertySeed());
console.log(
  `Randomised tests draw from seed ${process.env.TEST_SEED} (replay: TEST_SEED=${process.env.TEST_SEED})`,
);
const seeded = ['src/shared/testing/property-seed.setup.ts'];

const apiTests = ['src/server/**/*.test.ts'];

/** The API tests run on the embedded PostgreSQL 18 and, with TEST_DATABASE_URL, on that server too. */
const apiProject = (name: string, target: 'embedded' | 'url'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: apiTests,
    environment: 'node',
    globalSetup: ['src/server/testing/database.global-setup.ts'],
    setupFiles: seeded,
    // Each file builds its own app on its own database, so files share nothing but loaded
    // modules: importing the server once per worker, not once per file, halved the run.
    isolate: false,
    env: { TEST_DATABASE_TARGET: target },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest keeps a core for itself, so on 2 cores it ran one test file at a time while the
    // second core waited on PostgreSQL; its own process is idle during a run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The rules need no DOM: building a jsdom window for each of their files cost more than
      // the tests themselves.
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
          setupFiles: seeded,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [...seeded, 'src/web/testing/setup.ts'],
        },
      },
      apiProject('api-pg18', 'embedded'),
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/testing/database.global-setup.ts'],
          setupFiles: seeded,
          env: { TEST_DATABASE_TARGET: 'embedded' },
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg15', 'url')] : []),
    ],
  },
});
