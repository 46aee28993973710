import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeFailure, FAST_SIGN_IN, runCampaign } from './fuzz/campaign';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 11: hostile values for every parameter and body field of every route of /docs/json, as each role and
// without a session. CI runs FUZZ_REQUESTS (3,000) on PGlite, and again on PostgreSQL when DATABASE_URL is set;
// `npm run fuzz -- --requests 50000` runs a long campaign. FUZZ_SEED replays one.
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: FAST_SIGN_IN });
});
afterAll(() => t?.close());

it(`answers ${REQUESTS} fuzzed requests below 500, refusing in Spanish and changing nothing when it refuses`, async () => {
  const result = await runCampaign({ app: t.app, db: t.db, requests: REQUESTS, seed: SEED });
  const served = Object.entries(result.histogram).reduce((sum, [, n]) => sum + n, 0);
  expect(served).toBe(REQUESTS);
  expect(result.failures.slice(0, 15).map(describeFailure)).toEqual([]);
}, 300_000);
