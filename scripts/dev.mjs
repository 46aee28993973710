// `npm run dev`: the API with reload on :8000 and Vite's dev server on :5173 (proxying the API).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: '/nonexistent' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
