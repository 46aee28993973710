// `npm test`: typecheck, lint, unit tests, API tests on PGlite (and again on PostgreSQL when DATABASE_URL
// is set), the web bundle's budget, then the end-to-end journeys in Chromium. Every step runs; the exit code says if any failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { DATABASE_URL, ...envWithoutDatabase } = process.env;

const PGLITE_ONLY_FILES = ['apps/api/test/server-process.test.ts'];

const steps = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'unit (domain, web)', args: ['run', 'test:unit'] },
  { name: 'API (PGlite)', args: ['run', 'test:api'], env: envWithoutDatabase },
  // The second run leaves out the files whose servers are always PGlite (their child processes never see
  // DATABASE_URL): on PostgreSQL they would only repeat the first run's minutes.
  ...(DATABASE_URL
    ? [
        {
          name: 'API (PostgreSQL)',
          args: ['run', 'test:api', '--', ...PGLITE_ONLY_FILES.flatMap((file) => ['--exclude', file])],
          env: process.env,
        },
      ]
    : []),
  // Builds the web app when stale and weighs it: the login page's initial JavaScript and every later chunk.
  { name: 'web bundle budget', args: ['run', 'bench:web', '--', '--check'] },
  { name: 'end-to-end (Chromium)', args: ['run', 'test:e2e'], env: envWithoutDatabase },
];

// A failing test's own line (Vitest's FAIL and ×, Playwright's ✘), kept to repeat under the summary: CI logs are
// often read from their tail only, and a failed step must say which test failed there.
const FAILURE_LINE = /^\s*(FAIL|×|✘)\s/;

function runStep(step) {
  return new Promise((resolve) => {
    const failures = [];
    let pending = '';
    const child = spawn('npm', step.args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: step.env ?? process.env,
    });
    const watch = (output) => (chunk) => {
      output.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.map(stripVTControlCharacters))
        if (FAILURE_LINE.test(line)) failures.push(line.trim());
    };
    child.stdout.on('data', watch(process.stdout));
    child.stderr.on('data', watch(process.stderr));
    child.on('close', (status) => resolve({ ok: status === 0, failures: [...new Set(failures)] }));
  });
}

const results = [];
for (const step of steps) {
  console.info(`\n▶ ${step.name}`);
  const started = Date.now();
  const { ok, failures } = await runStep(step);
  results.push({ name: step.name, ok, failures, seconds: (Date.now() - started) / 1000 });
}

console.info('\nResumen:');
for (const result of results) {
  console.info(`  ${result.ok ? '✔' : '✘'} ${result.name} (${result.seconds.toFixed(1)} s)`);
  for (const failure of result.ok ? [] : result.failures.slice(0, 20)) console.info(`      ${failure}`);
}
const failed = results.filter((result) => !result.ok).length;
console.info(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
