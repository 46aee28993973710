import { defineConfig } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './journeys',
  outputDir: './.artifacts/results',
  // Each journey file starts its own server on a free port and a fresh embedded database (its own DATA_DIR), so two
  // files run side by side, one per core: the whole run took 10.9 min with two workers against 20 min with one.
  workers: 2,
  fullyParallel: false,
  // Each journey checks every screen with axe-core, seconds a screen on a busy 2-core machine (issue 15).
  timeout: 240_000,
  // A screen's first visit loads its chunks, and with two journeys, their servers and two browsers on two cores it
  // once took just over 10 s to show its first rows (list-tools-payments, CI of 2026-11-29). A wait ends as soon as
  // its condition holds, so a longer ceiling costs a passing journey nothing.
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1366, height: 900 },
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // The machine has no network but the registries: Chromium must not try to reach Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
