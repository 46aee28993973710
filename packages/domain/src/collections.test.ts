import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  agingBucket,
  COLLECTION_BUCKET_LABELS,
  COLLECTION_BUCKETS,
  collectionsQuerySchema,
} from './collections';

describe('agingBucket', () => {
  it.each([
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [3650, '90+'],
  ] as const)('%i días → %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('takes a count below one day as the first bucket', () => {
    expect(agingBucket(0)).toBe('1-30');
    expect(agingBucket(-5)).toBe('1-30');
  });

  it('never goes back to a younger bucket as days go by', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 500 }), (days, more) => {
        const index = (d: number) => COLLECTION_BUCKETS.indexOf(agingBucket(d));
        expect(index(days + more)).toBeGreaterThanOrEqual(index(days));
      }),
    );
  });

  it('labels every bucket in Spanish', () => {
    expect(COLLECTION_BUCKETS.map((bucket) => COLLECTION_BUCKET_LABELS[bucket])).toEqual([
      '1–30 días',
      '31–60 días',
      '61–90 días',
      'Más de 90 días',
    ]);
  });
});

describe('collectionsQuerySchema', () => {
  it('reads empty filters as none and defaults the page', () => {
    expect(
      collectionsQuerySchema.parse({ vendedor_id: '', supervisor_id: '', tramo: '', servicio: '' }),
    ).toEqual({ page: 1, per_page: 25 });
  });

  it('reads the filters of the query string', () => {
    expect(
      collectionsQuerySchema.parse({
        vendedor_id: '4',
        supervisor_id: '2',
        tramo: '90+',
        servicio: 'parcelas',
        page: '3',
        per_page: '50',
        formato: 'csv',
      }),
    ).toEqual({
      vendedor_id: 4,
      supervisor_id: 2,
      tramo: '90+',
      servicio: 'parcelas',
      page: 3,
      per_page: 50,
      formato: 'csv',
    });
  });

  it.each([
    { tramo: '1-31' },
    { tramo: ['1-30'] },
    { vendedor_id: 'abc' },
    { vendedor_id: '0' },
    { supervisor_id: '99999999999' },
    { page: '0' },
    { per_page: '501' },
    { formato: 'xlsx' },
    { servicio: 'x'.repeat(61) },
  ])('refuses %j', (query) => {
    expect(collectionsQuerySchema.safeParse(query).success).toBe(false);
  });
});
