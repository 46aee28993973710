import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one to its main thread (one worker on CI's two cores), which has
    // little to do while the files run (the unit and API suites took about twice as long).
    maxWorkers: '100%',
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Worker threads start faster than forked processes; each file still gets its own jsdom (issue 13: the
          // unit suite ran in 142 s instead of 173 s on this machine).
          pool: 'threads',
          // Screen tests render whole MUI pages and wait for them; 5 s is too tight on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
