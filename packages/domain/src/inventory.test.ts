import { describe, expect, it } from 'vitest';
import { normalizePlotCode } from './inventory';

describe('normalizePlotCode (SPEC §5)', () => {
  it.each([
    ['A03-26-01', 'A03-26-01'],
    ['a03-26-01', 'A03-26-01'],
    [' a03 - 26 - 01 ', 'A03-26-01'],
    ['A03-26', 'A03-26-01'],
    ['b10-02', 'B10-02-01'],
  ])('normalises %j to %s', (raw, expected) => {
    expect(normalizePlotCode(raw)).toBe(expected);
  });

  it.each(['', 'A3-26-01', '03-26-01', 'A03-26-1', 'A03_26_01', 'AA3-26-01', 'A03-26-01-02'])(
    'refuses %j',
    (raw) => {
      expect(normalizePlotCode(raw)).toBeUndefined();
    },
  );
});
