// `npm run build` (`node scripts/build.mjs [api|web] [--if-stale]`): builds the web app (Vite, apps/web/dist) and
// the server (esbuild, apps/api/dist/server.js with its migrations beside it); docs/decisions/014-compiled-server.md.
// With --if-stale a part is built only when its output is missing or older than the newest of its inputs
// (a walk of the source folders comparing modification times: a few milliseconds), as `npm start` does.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (relative) => path.join(root, relative);

export const apiEntry = at('apps/api/dist/server.js');
/**
 * Node's flags for the server, wherever it is started (`npm start`, the benches): a young generation of 32 MB
 * semi-spaces, so the rows and answers of a request die there instead of being promoted and marked (decision 046).
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];
const domainEntry = at('packages/domain/src/index.ts');

const parts = {
  api: {
    output: apiEntry,
    // The bundle holds most packages of node_modules: an install that changes them makes it stale.
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'packages/domain/src',
      'scripts/build.mjs',
      'package-lock.json',
    ],
    build: buildApi,
  },
  web: {
    output: at('apps/web/dist/index.html'),
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/domain/src',
      'package-lock.json',
    ],
    build: buildWeb,
  },
};

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

export function isStale(name) {
  const part = parts[name];
  if (!existsSync(part.output)) return true;
  const built = statSync(part.output).mtimeMs;
  return part.inputs.some((input) => newestChange(at(input)) > built);
}

/**
 * The packages left out of the bundle, imported from node_modules at run time (decision 048): those that find files
 * of their own beside their code (PGlite's WebAssembly, argon2's native binding, pdfkit's font metrics, the API
 * docs' page and the @fastify/static that serves it), pino (whose transports start workers from their own files),
 * the S3 client, loaded only when the files are kept in S3, and pg-native, which pg requires only when asked to.
 */
const runtimePackages = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  '@aws-sdk/*',
  'pg-native',
];

/**
 * ESM for Node 20 (server.js and the chunks it imports): the API, the workspace package @camposanto/domain
 * (TypeScript source, its package.json exports src/index.ts) and the packages of node_modules but `runtimePackages`
 * are bundled. Finding and reading 839 CommonJS files of node_modules at every start cost a fifth of a cold start
 * (decision 048). The migrations are copied beside the bundle, where `db/client.ts` looks for them (`./migrations`
 * next to the module that runs).
 */
async function buildApi() {
  const outdir = at('apps/api/dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The embedded database's thread has an entry of its own (db/pglite-thread.ts starts it from a file).
    entryPoints: {
      server: at('apps/api/src/server.ts'),
      'pglite-thread-worker': at('apps/api/src/db/pglite-thread-worker.ts'),
    },
    outdir,
    // server.ts imports the application lazily, so that loading it overlaps with opening the database.
    splitting: true,
    // Chunks sit beside server.js, so `./migrations` (db/client.ts) is dist/migrations from any of them.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: runtimePackages,
    // The CommonJS packages bundled into ESM call require() for Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'bundle-workspace-domain',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^@camposanto\/domain$/ }, () => ({ path: domainEntry }));
        },
      },
    ],
  });
  cpSync(at('apps/api/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

function buildWeb() {
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`vite build failed (${run.status})`);
}

/** Builds the named parts (all by default); with onlyIfStale, only those whose output is missing or stale. */
export async function buildParts(names = Object.keys(parts), { onlyIfStale = false } = {}) {
  for (const name of names) {
    if (onlyIfStale && !isStale(name)) continue;
    const started = Date.now();
    console.info(`Construyendo ${name === 'api' ? 'el servidor' : 'la aplicación web'}...`);
    await parts[name].build();
    console.info(`  listo en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2).filter((arg) => arg in parts);
  try {
    await buildParts(names.length ? names : undefined, { onlyIfStale: process.argv.includes('--if-stale') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
