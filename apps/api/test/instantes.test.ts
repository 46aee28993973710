import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoInstant } from '../src/db/instants';
import { selectRows } from '../src/db/rows';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: isoInstant rewrites PostgreSQL's text of an instant without a Date. It must write what the Date did,
// `new Date(text).toISOString()`, for every text either database gives.

/** An instant to the microsecond, years 1000 to 9999, as [whole milliseconds since the epoch, microseconds]. */
const instantArbitrary = fc.tuple(
  fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
  fc.integer({ min: 0, max: 999 }),
);

/** PostgreSQL's text of it: a session in UTC, or its JSON; the fraction trimmed of zeros, absent when none. */
function postgresText([ms, micros]: [number, number], form: 'session' | 'json'): string {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  const time = `${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}`;
  return form === 'session' ? `${iso.slice(0, 10)} ${time}+00` : `${iso.slice(0, 10)}T${time}+00:00`;
}

describe('isoInstant', () => {
  it('writes what a Date writes, for 5,000 instants in either form', () => {
    fc.assert(
      fc.property(instantArbitrary, fc.constantFrom('session', 'json'), (instant, form) => {
        const text = postgresText(instant, form as 'session' | 'json');
        expect(isoInstant(text)).toBe(new Date(instant[0]).toISOString());
        expect(isoInstant(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it('reads any other text, and a Date, through a Date', () => {
    expect(isoInstant('2026-03-05 10:22:11.7229-04')).toBe('2026-03-05T14:22:11.722Z');
    expect(isoInstant('2026-03-05T14:22:11.722+01:30')).toBe('2026-03-05T12:52:11.722Z');
    expect(isoInstant(new Date('2026-03-05T14:22:11.722Z'))).toBe('2026-03-05T14:22:11.722Z');
    expect(() => isoInstant('infinity')).toThrow(RangeError);
  });
});

describe('isoInstant on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes what a Date writes of the instants the database gives, as rows and as JSON', async () => {
    const rows = await selectRows<{ instante: Date | string; milisegundos: string }>(
      t.db,
      sql`select instante, (floor(extract(epoch from instante) * 1000))::text as milisegundos
        from (values (timestamptz '2026-03-05 14:22:11.722188+00'), ('2026-03-05 14:22:11+00'),
          ('2026-03-05 14:22:11.9999995+00'), ('2026-12-31 23:59:59.999999-04'), ('1999-01-01 00:00:00.5+00'))
          as instantes(instante)`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows)
      expect(isoInstant(row.instante)).toBe(new Date(Number(row.milisegundos)).toISOString());
    expect(rows.map((row) => isoInstant(row.instante))).toEqual([
      '2026-03-05T14:22:11.722Z',
      '2026-03-05T14:22:11.000Z',
      '2026-03-05T14:22:12.000Z',
      '2027-01-01T03:59:59.999Z',
      '1999-01-01T00:00:00.500Z',
    ]);
  });
});
