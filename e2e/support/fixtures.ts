import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export { expect } from '@playwright/test';

/**
 * Each journey (one test) runs against its own server on an empty embedded database, started for it and
 * stopped after it, so journeys never depend on each other's data.
 */
export const test = base.extend<{ server: RunningServer }>({
  // Playwright reads a fixture's dependencies from this destructuring, so an empty one is required here.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => use(server.baseURL),
});
