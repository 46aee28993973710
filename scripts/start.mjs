// `npm start` / `npm run demo`: builds what is missing or older than its sources (the web app with Vite, the server
// with esbuild; scripts/build.mjs), then runs the compiled server (API + web on one port, embedded database unless
// DATABASE_URL is set). docs/decisions/014-compiled-server.md.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiEntry, buildParts, serverNodeFlags } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await buildParts(['web', 'api'], { onlyIfStale: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// The demo works offline with the rate it seeds, unless RATE_URL is given explicitly.
const isDemo = process.argv.includes('--demo');
const env = isDemo && process.env.RATE_URL === undefined ? { ...process.env, RATE_URL: '' } : process.env;
// Stack traces point at the TypeScript sources (the bundle's source maps).
const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--enable-source-maps', apiEntry, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
