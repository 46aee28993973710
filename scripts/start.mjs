// `npm start` / `npm run demo`: builds the web app when it is missing, then runs the server
// (API + web on one port, embedded database unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

if (!existsSync(webIndex)) {
  console.info('Construyendo la aplicación web (solo la primera vez)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The demo works offline with the rate it seeds, unless RATE_URL is given explicitly.
const isDemo = process.argv.includes('--demo');
const env = isDemo && process.env.RATE_URL === undefined ? { ...process.env, RATE_URL: '' } : process.env;
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/api/src/server.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
