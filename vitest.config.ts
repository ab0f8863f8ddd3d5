import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

// One runner, three projects: browser-side code in jsdom, the server in plain Node.
// End-to-end tests (real Chromium) have their own config: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    // At least two files at a time where files may share the machine (the model-based tests and
    // the server's on SQLite): Vitest's default (one fewer than the processors) is one on the
    // two-core machines this runs on, and most files wait on a database, a mail server or a child
    // process rather than on the processor. The unit tests and the server's on PostgreSQL take
    // turns after them (fileParallelism below). `npm test` took 26 minutes one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          // One file at a time: several build the site when dist/ is missing (npm run build), and
          // two builds into one dist/ would spoil each other.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'model-based',
          environment: 'jsdom',
          include: ['test/model-based/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // This project always runs on SQLite: the PostgreSQL URL is hidden from it.
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 20_000,
        },
      },
      // The same server tests again on PostgreSQL, when a test database is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: ['test/server/**/*.test.ts'],
                testTimeout: 20_000,
                // One database server: test files take turns (each still gets its own schema).
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
