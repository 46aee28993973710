import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export { expect } from '@playwright/test';

/**
 * Each journey (one test) runs against its own server on an empty embedded database, started for it and
 * stopped after it, so journeys never depend on each other's data. `serverEnv` adds environment variables
 * to that server (e.g. SMTP_URL of a mail server the journey starts first).
 */
export const test = base.extend<{ server: RunningServer; serverEnv: Record<string, string> }>({
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use) => {
    const server = await startServer({ env: serverEnv });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => use(server.baseURL),
});
