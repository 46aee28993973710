// `npm test`: typecheck, lint, unit tests, API tests on PGlite (and again on PostgreSQL when DATABASE_URL
// is set), the web bundle's budget, then the end-to-end journeys in Chromium. Every step runs; the exit code says if any failed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { DATABASE_URL, ...envWithoutDatabase } = process.env;

const steps = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'unit (domain, web)', args: ['run', 'test:unit'] },
  { name: 'API (PGlite)', args: ['run', 'test:api'], env: envWithoutDatabase },
  ...(DATABASE_URL ? [{ name: 'API (PostgreSQL)', args: ['run', 'test:api'], env: process.env }] : []),
  // Builds the web app when stale and weighs it: the login page's initial JavaScript and every later chunk.
  { name: 'web bundle budget', args: ['run', 'bench:web', '--', '--check'] },
  { name: 'end-to-end (Chromium)', args: ['run', 'test:e2e'], env: envWithoutDatabase },
];

const results = [];
for (const step of steps) {
  console.info(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync('npm', step.args, { cwd: root, stdio: 'inherit', env: step.env ?? process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.info('\nResumen:');
for (const result of results) {
  console.info(`  ${result.ok ? '✔' : '✘'} ${result.name} (${result.seconds.toFixed(1)} s)`);
}
const failed = results.filter((result) => !result.ok).length;
console.info(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
