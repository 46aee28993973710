import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from '../src/lib/session-cache';

// Decision 038: the session rows PGlite's server keeps in memory, forgotten when the database announces a change.

const row = (id: number, tokenVersion = 0): SessionRow => ({
  id,
  username: `usuario${id}`,
  email: `u${id}@example.com`,
  rol: 'vendedor',
  isActive: true,
  tokenVersion,
  supervisorId: null,
});

describe('SessionCache', () => {
  it('keeps a row read with no change heard meanwhile, and forgets it on its announcement only', () => {
    const cache = new SessionCache();
    cache.keep(row(1), cache.changes);
    cache.keep(row(2), cache.changes);
    cache.forget('1');
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toEqual(row(2));
  });

  it('does not keep a row read before a change was heard: it may be the row as it was', () => {
    const cache = new SessionCache();
    const before = cache.changes;
    cache.forget('7');
    cache.keep(row(7), before);
    expect(cache.get(7)).toBeUndefined();
  });

  it('forgets everybody on an announcement that is not an id', () => {
    const cache = new SessionCache();
    cache.keep(row(1), cache.changes);
    cache.keep(row(2), cache.changes);
    cache.forget('*');
    expect([cache.get(1), cache.get(2)]).toEqual([undefined, undefined]);
  });
});
