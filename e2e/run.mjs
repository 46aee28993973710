// `npm run test:e2e`: the journeys in Debian's Chromium. Without a browser they are reported as skipped,
// unless E2E_REQUIRED=1 (CI), which makes that a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const message = `No se encontró Chromium en ${chromium} (CHROMIUM_PATH).`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${message} E2E_REQUIRED=1: las pruebas de extremo a extremo son obligatorias.`);
    process.exit(1);
  }
  console.warn(`${message} Pruebas de extremo a extremo omitidas (skipped).`);
  process.exit(0);
}

// The journeys run the compiled server and the built web app, as `npm start` does: built here when missing or stale.
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(run.status ?? 1);
