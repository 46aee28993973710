import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@camposanto/domain';
import { periodicJobs } from '../src/jobs/scheduler';
import { bearer } from './helpers/auth';
import {
  expectStatus,
  paymentSetup,
  paymentsOf,
  pdfReceipt,
  reportPayment,
  type PaymentSetup,
} from './helpers/payment-fixtures';
import { convert, expectConverted, postRequest } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 16, decision 027: GET /metrics in Prometheus's text format, for the same machine or METRICS_TOKEN.

const METRICS_TOKEN = 'token-de-metricas-de-prueba-0123456789';
const REMOTE = '203.0.113.7';

let t: TestApp;
let s: PaymentSetup;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  s = await paymentSetup(t, { rate: 36.5 });
});
afterAll(() => t?.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` carrying `labels` (0 when it has none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', ...options });
}

async function samples(): Promise<Sample[]> {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return parse(response.body);
}

describe('GET /metrics from the same machine', () => {
  it('answers the Prometheus text format with the process metrics and the database connections', async () => {
    const response = await scrape();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const all = parse(response.body);
    expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(all, 'camposanto_db_pool_connections', { driver: t.driver })).toBeGreaterThan(0);
    expect(all.some((sample) => sample.name === 'camposanto_db_pool_waiting_queries')).toBe(true);
  });

  it('times a called route under its pattern, never its URL, and counts its refusal as an error', async () => {
    const url = '/api/v1/cuotas/cuotas/987654';
    expectStatus(await t.app.inject({ method: 'GET', url, headers: bearer(s.admin) }), 404);

    const all = await samples();
    const labels = { method: 'GET', route: '/api/v1/cuotas/cuotas/:contractId', status_code: '404' };
    expect(valueOf(all, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(valueOf(all, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(valueOf(all, 'http_request_errors_total', labels)).toBe(1);
    expect(all.some((sample) => sample.labels.route?.includes('987654'))).toBe(false);
  });

  it('labels a path no route serves as unmatched', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-existe/12345' });

    const all = await samples();
    expect(
      valueOf(all, 'http_request_errors_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts a created request, a VES payment with its bolívares, and a converted contract', async () => {
    const before = await samples();
    const cash = await postRequest(t.app, s.seller.token, s.client.id, { plan: s.cremacion, metodo: 'VES' });
    const financed = await postRequest(t.app, s.seller.token, s.client.id, {
      plan: s.cremacion,
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 3,
      pagoInicial: 150,
    });
    expectStatus(
      await reportPayment(
        t.app,
        s.seller.token,
        { solicitud_id: cash.id, metodoPago: 'VES', banco_emisor: 'Banco Plaza', referencia: '778899' },
        [pdfReceipt('comprobante_ves')],
      ),
      200,
    );
    expectStatus(
      await reportPayment(t.app, s.seller.token, { solicitud_id: financed.id, metodoPago: 'USD' }, [
        pdfReceipt('comprobante_usd'),
      ]),
      200,
    );
    expectConverted(await convert(t.app, s.admin, financed.id));
    const [vesPayment] = await paymentsOf(t.db, cash.id);

    const moved = (all: Sample[], name: string, labels?: Record<string, string>) =>
      valueOf(all, name, labels) - valueOf(before, name, labels);
    // The payments are read back after their answers have left.
    await expect
      .poll(async () => moved(await samples(), 'camposanto_payments_reported_total', { tipo: 'inicial' }))
      .toBe(1);
    const after = await samples();
    expect(moved(after, 'camposanto_requests_created_total')).toBe(2);
    expect(moved(after, 'camposanto_contracts_converted_total')).toBe(1);
    expect(moved(after, 'camposanto_payments_reported_total', { tipo: 'contado', metodo: 'VES' })).toBe(1);
    expect(moved(after, 'camposanto_payments_reported_total', { tipo: 'inicial', metodo: 'USD' })).toBe(1);
    expect(moved(after, 'camposanto_payments_ves_bolivares_total')).toBeCloseTo(
      Number(vesPayment!.bolivares),
      2,
    );
  });

  it('counts the runs of a job by outcome, as the scheduler reports them', async () => {
    const jobs = periodicJobs(t.app);
    // The second call finds the first still running on this instance: skipped.
    const outcomes = await Promise.all([jobs.refreshRate(), jobs.refreshRate()]);

    expect(outcomes).toEqual(['ran', 'skipped']);
    const all = await samples();
    expect(valueOf(all, 'camposanto_job_runs_total', { job: 'tasa-cambio', outcome: 'ran' })).toBe(1);
    expect(valueOf(all, 'camposanto_job_runs_total', { job: 'tasa-cambio', outcome: 'skipped' })).toBe(1);
    expect(valueOf(all, 'camposanto_job_duration_seconds_count', { job: 'tasa-cambio' })).toBe(1);
  });
});

describe('GET /metrics from elsewhere', () => {
  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.metricasNoPermitidas });
  };

  it('refuses another address without a token, in Spanish', async () => {
    expectRefused(await scrape({ remoteAddress: REMOTE }));
  });

  it('refuses another address with a wrong token or a session token', async () => {
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: bearer(`${METRICS_TOKEN}x`) }));
    expectRefused(await scrape({ remoteAddress: REMOTE, headers: bearer(s.admin) }));
  });

  it('refuses a request a reverse proxy on the same machine forwarded, whatever X-Forwarded-For says', async () => {
    expectRefused(await scrape({ headers: { 'x-forwarded-for': '127.0.0.1' } }));
  });

  it('answers another address that presents METRICS_TOKEN', async () => {
    const response = await scrape({ remoteAddress: REMOTE, headers: bearer(METRICS_TOKEN) });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});
