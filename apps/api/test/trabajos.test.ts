import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/scheduler';
import { createTestApp, type TestApp } from './helpers/test-app';

// The periodic jobs when the server shuts down (server.ts): stopping them waits for the run in flight, so the
// database is closed after its last statement. CI's journeys saw the first run, started with the server, fail
// with 'PGlite is closed' when a journey's server stopped before it ended.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stopping the periodic jobs', () => {
  it('settles only once the runs in flight have ended', async () => {
    let finish!: () => void;
    const refresh = new Promise<undefined>((resolve) => (finish = () => resolve(undefined)));
    const original = t.app.rates.refreshOfficial;
    t.app.rates.refreshOfficial = () => refresh;
    try {
      const stop = startJobs(t.app);
      let isStopped = false;
      const stopping = stop().then(() => (isStopped = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(isStopped).toBe(false);

      finish();
      await stopping;
      expect(isStopped).toBe(true);
    } finally {
      t.app.rates.refreshOfficial = original;
    }
  });
});
