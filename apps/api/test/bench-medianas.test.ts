import { describe, expect, it } from 'vitest';
import { medianSample, type Sample } from '../../../scripts/bench/sample';

// Issue 12: `npm run bench` with BENCH_ROUNDS loads each endpoint several times and reports one sample of medians.

const sample = (p95: number, rps: number, failures = 0, processMs?: number): Sample => ({
  p50: p95 / 2,
  p95,
  rps,
  requests: rps * 3,
  failures,
  cpu: { processMs, databaseMs: undefined, loadMs: 0.1 },
});

describe('medianSample', () => {
  it('takes the median of each figure apart, sums the failures and ignores CPU parts never read', () => {
    expect(medianSample([sample(30, 500, 0, 2), sample(21, 700, 1, 1.5), sample(26, 400, 0)])).toEqual({
      p50: 13,
      p95: 26,
      rps: 500,
      requests: 1500,
      failures: 1,
      cpu: { processMs: 2, databaseMs: undefined, loadMs: 0.1 },
    });
  });

  it('answers a single round as it was, and nothing for an endpoint never loaded', () => {
    expect(medianSample([sample(30, 500, 0, 2)])).toEqual(sample(30, 500, 0, 2));
    expect(medianSample([])).toBeUndefined();
    expect(medianSample(undefined)).toBeUndefined();
  });
});
