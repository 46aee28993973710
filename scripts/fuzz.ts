// `npm run fuzz -- --requests 50000 [--seed N]`: a long fuzz campaign (issue 11) on a fresh database (PGlite in
// memory, or a database of its own on DATABASE_URL's server). Prints the status histogram and every failure,
// and exits 1 when there is one.
import { parseArgs } from 'node:util';
import { describeFailure, FAST_SIGN_IN, runCampaign } from '../apps/api/test/fuzz/campaign';
import { createTestApp } from '../apps/api/test/helpers/test-app';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '50000' },
    seed: { type: 'string', default: String(Date.now()) },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
const t = await createTestApp({ env: FAST_SIGN_IN });
const started = performance.now();
let last = started;
try {
  const result = await runCampaign({
    app: t.app,
    db: t.db,
    requests,
    seed,
    onProgress: (done) => {
      if (performance.now() - last < 10_000 && done < requests) return;
      last = performance.now();
      console.error(`${done}/${requests} requests, ${((last - started) / 1000).toFixed(0)} s`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.info(`${requests} requests on ${t.driver} in ${seconds.toFixed(1)} s (seed ${seed})`);
  console.info('status  count');
  for (const [status, count] of Object.entries(result.histogram).sort())
    console.info(`${status.padEnd(6)}  ${count}`);
  console.info(`failures: ${result.failures.length}`);
  for (const failure of result.failures) console.info(describeFailure(failure));
  process.exitCode = result.failures.length > 0 ? 1 : 0;
} finally {
  await t.close();
}
