import { defineConfig } from 'vitest/config';

// Browser tests: real Debian Chromium through playwright-core against the built server.
// The global setup builds the site when needed and starts the server on a free port.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
