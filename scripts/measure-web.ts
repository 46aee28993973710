// `npm run bench:web [-- --check]`: issue 12, the weight of the web app and the login page's Lighthouse score.
// Builds the web app when it is missing or stale (scripts/build.mjs), then reports the gzip and brotli sizes of the
// login page's initial JavaScript (the script and modulepreload tags of index.html) and of every other chunk,
// against the budgets below. Without --check it then starts the real server (compiled, PGlite in a temporary
// DATA_DIR, with an administrator), runs Lighthouse (desktop, performance) on the login page LIGHTHOUSE_RUNS (3)
// times in the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and prints the median score. With
// --check (a step of `npm test`) it only weighs, and exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort } from '../apps/api/test/helpers/server-process';
// @ts-expect-error: a plain JavaScript module without types
import { apiEntry, buildParts } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
const KB = 1000;
const BUDGET = {
  /**
   * The login page's initial JavaScript, gzip: issue 12's target, a ceiling that only comes down. What it holds
   * (React with its router, MUI's core, TanStack Query) is in docs/decisions/015-light-first-page.md.
   */
  initialJs: 180 * KB,
  /** Every chunk loaded later (a screen, a dialog), gzip. */
  lazyChunk: 60 * KB,
  /**
   * The chart library (MUI X Charts and d3, the `chart-library` chunk of vite.config.ts), loaded only when a chart
   * is shown, after its screen: the exchange-rate history and the Cobranza buckets (docs/decisions/009).
   */
  chartChunk: 90 * KB,
  lighthouse: 0.9,
};
const isCheck = process.argv.includes('--check');

type Chunk = { file: string; raw: number; gzip: number; brotli: number };

function weigh(file: string): Chunk {
  const content = readFileSync(path.join(dist, 'assets', file));
  return {
    file,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The JavaScript files index.html loads before the first render: its module script and modulepreload links. */
export function initialScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /^<script\b/.test(tag) || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="\/assets\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => Boolean(file));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
const row = (chunk: Chunk) =>
  `  ${chunk.file.padEnd(52)} ${kb(chunk.raw).padStart(10)} ${kb(chunk.gzip).padStart(10)} ${kb(chunk.brotli).padStart(10)}`;

function report(): string[] {
  const initialFiles = initialScripts(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const chunks = readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map(weigh);
  const initial = chunks.filter((chunk) => initialFiles.includes(chunk.file));
  const lazy = chunks.filter((chunk) => !initialFiles.includes(chunk.file)).sort((a, b) => b.gzip - a.gzip);
  const total = (list: Chunk[], key: 'raw' | 'gzip' | 'brotli') => list.reduce((sum, c) => sum + c[key], 0);
  const header = `  ${'file'.padEnd(52)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`;

  console.info(`Login page, initial JavaScript (${initial.length} files):\n${header}`);
  for (const chunk of [...initial].sort((a, b) => b.gzip - a.gzip)) console.info(row(chunk));
  const initialGzip = total(initial, 'gzip');
  console.info(
    `  ${'total'.padEnd(52)} ${kb(total(initial, 'raw')).padStart(10)} ${kb(initialGzip).padStart(10)} ` +
      `${kb(total(initial, 'brotli')).padStart(10)}   budget ${kb(BUDGET.initialJs)} gzip`,
  );
  console.info(`\nChunks loaded later (${lazy.length}), largest first:\n${header}`);
  for (const chunk of lazy.slice(0, 15)) console.info(row(chunk));
  if (lazy.length > 15)
    console.info(`  ... ${lazy.length - 15} more, each at most ${kb(lazy[15]?.gzip ?? 0)} gzip`);

  const failures: string[] = [];
  if (initialGzip > BUDGET.initialJs) {
    failures.push(
      `the login page's initial JavaScript is ${kb(initialGzip)} gzip (budget ${kb(BUDGET.initialJs)})`,
    );
  }
  for (const chunk of lazy) {
    const budget = chunk.file.startsWith('chart-library-') ? BUDGET.chartChunk : BUDGET.lazyChunk;
    if (chunk.gzip > budget) failures.push(`${chunk.file} is ${kb(chunk.gzip)} gzip (budget ${kb(budget)})`);
  }
  return failures;
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-web-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [apiEntry], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    const isUp = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // With an administrator the page is the sign-in form every user sees, not the first-admin form of a new install.
  const created = await fetch(`${url}/api/v1/crear-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'Lighthouse',
      email: 'lighthouse@camposanto.test',
      password: 'Clave-segura-1',
      rol: 'administrador',
    }),
  });
  if (created.status !== 201) throw new Error(`could not create the administrator: ${created.status}`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function lighthouseScores(url: string): Promise<number[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const scores: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    // A fresh browser each run: a cold cache, as a first visit.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] },
        desktopConfig,
      );
      const lhr = result?.lhr;
      const score = lhr?.categories.performance?.score ?? Number.NaN;
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '?';
      console.info(
        `  run ${run + 1}: performance ${score.toFixed(2)}  FCP ${metric('first-contentful-paint')}  ` +
          `LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  ` +
          `transfer ${metric('total-byte-weight')}`,
      );
      scores.push(score);
    } finally {
      chrome.kill();
    }
  }
  return scores;
}

await buildParts(isCheck ? ['web'] : ['web', 'api'], { onlyIfStale: true });
const failures = report();
if (!isCheck) {
  console.info('\nLighthouse, desktop, login page served by the compiled server:');
  const server = await startServer();
  try {
    // A run Lighthouse could not score is left out rather than taken for the median.
    const scores = (await lighthouseScores(`${server.url}/`))
      .filter((score) => !Number.isNaN(score))
      .sort((a, b) => a - b);
    const median = scores[Math.floor(scores.length / 2)] ?? Number.NaN;
    console.info(`  median performance ${median.toFixed(2)} (target ≥ ${BUDGET.lighthouse})`);
    if (!(median >= BUDGET.lighthouse)) failures.push(`Lighthouse performance ${median.toFixed(2)}`);
  } finally {
    await server.stop();
  }
}
if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((failure) => `  ✘ ${failure}`).join('\n')}`);
  process.exit(1);
}
console.info('\nWithin budget.');
