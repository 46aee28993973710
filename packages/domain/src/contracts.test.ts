import { describe, expect, it } from 'vitest';
import { estimatedTotal, serviceLabel, skipLimit } from './contracts';

describe('estimatedTotal (SPEC §9 Server lists)', () => {
  it('promises one more row after a full page, so the next page can be asked for', () => {
    expect(estimatedTotal({ page: 0, pageSize: 10, received: 10 })).toBe(11);
    expect(estimatedTotal({ page: 2, pageSize: 5, received: 5 })).toBe(16);
  });

  it('ends the list at a page that came back short', () => {
    expect(estimatedTotal({ page: 0, pageSize: 10, received: 3 })).toBe(3);
    expect(estimatedTotal({ page: 1, pageSize: 25, received: 24 })).toBe(49);
  });

  it('counts only the earlier pages when a page comes back empty', () => {
    expect(estimatedTotal({ page: 0, pageSize: 10, received: 0 })).toBe(0);
    expect(estimatedTotal({ page: 3, pageSize: 5, received: 0 })).toBe(15);
  });
});

describe('skipLimit', () => {
  it('skips the rows of the earlier pages and asks for one page', () => {
    expect(skipLimit(0, 10)).toEqual({ skip: 0, limit: 10 });
    expect(skipLimit(3, 25)).toEqual({ skip: 75, limit: 25 });
  });
});

describe('serviceLabel', () => {
  it('names known services as the sales menu does and shows others as they are', () => {
    expect(serviceLabel('cremacion')).toBe('Cremación');
    expect(serviceLabel('inhumacion')).toBe('Inhumación de Parcelas');
    expect(serviceLabel('otro')).toBe('otro');
  });
});
