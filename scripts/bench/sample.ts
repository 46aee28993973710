// One endpoint's request and its measurement under load, and the statistics the bench reads from them. Apart from
// load.ts, which needs autocannon, so the API tests can check them.
import type { CpuPerRequest } from './cpu';

export type HttpRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Each request from its own address (X-Forwarded-For; the server trusts it), past per-address limits. */
  isFromManyAddresses?: boolean;
};

export type Sample = {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  failures: number;
  /** CPU time per request: the server's (the floor's: the bench's process), PostgreSQL's and autocannon's. */
  cpu?: CpuPerRequest;
};

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Several rounds of one endpoint as one sample: the median of each figure (of each CPU part too), failures summed.
 * Undefined when it was never loaded.
 */
export function medianSample(samples: Sample[] | undefined): Sample | undefined {
  if (!samples?.length) return undefined;
  const median = (values: (number | undefined)[]) => {
    const known = values.filter((value): value is number => value !== undefined);
    return known.length ? quantile(known, 0.5) : undefined;
  };
  const cpuPart = (part: keyof CpuPerRequest) => median(samples.map((sample) => sample.cpu?.[part]));
  return {
    p50: median(samples.map((sample) => sample.p50))!,
    p95: median(samples.map((sample) => sample.p95))!,
    rps: median(samples.map((sample) => sample.rps))!,
    requests: median(samples.map((sample) => sample.requests))!,
    failures: samples.reduce((total, sample) => total + sample.failures, 0),
    cpu: { processMs: cpuPart('processMs'), databaseMs: cpuPart('databaseMs'), loadMs: cpuPart('loadMs') },
  };
}
