import { defineConfig } from 'vitest/config';

// Operations tests (README, "Operations"): real server processes, private PostgreSQL clusters,
// nginx, a full disk, long loads. They need root and Debian's nginx and PostgreSQL, as .ci/run
// installs them; files run one after another, since each loads the machine on its own.
export default defineConfig({
  test: {
    name: 'ops',
    environment: 'node',
    include: ['test/ops/**/*.ops.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
