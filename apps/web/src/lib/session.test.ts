import { tokenClaimsSchema } from '@camposanto/domain';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/render';
import { clearLocalStorageOnSignOut, decodeToken, readClaims, readSession, saveSession } from './session';

afterEach(() => localStorage.clear());

describe('session', () => {
  it('reads the claims of a token, accents included, and keeps token and role', () => {
    const token = fakeToken({ rol: 'supervisor', usuario: 'José Núñez', sub: '12' });

    const session = saveSession(token);

    expect(session).toMatchObject({ rol: 'supervisor', usuario: 'José Núñez', userId: '12' });
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('rol')).toBe('supervisor');
  });

  it('treats a token that cannot be read as no session, and logs why', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(decodeToken('no-es-un-token')).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('treats an expired token as no session', () => {
    vi.useFakeTimers();
    const token = fakeToken({ rol: 'vendedor' });
    vi.setSystemTime(Date.now() + 2 * 3600 * 1000);

    expect(readSession(token)).toBeNull();
    vi.useRealTimers();
  });

  it('clears everything on sign-out except the colour mode of this device', () => {
    saveSession(fakeToken({ rol: 'vendedor' }));
    localStorage.setItem('modo-color', 'dark');
    localStorage.setItem('otra-cosa', '1');

    clearLocalStorageOnSignOut();

    expect(Object.keys(localStorage)).toEqual(['modo-color']);
  });

  it('accepts exactly the claims the domain schema accepts', () => {
    const webClaims = tokenClaimsSchema.omit({ ver: true });
    const anyValue = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean());
    const claims = fc.record(
      {
        sub: fc.oneof(fc.string(), anyValue),
        supervisor_id: fc.oneof(fc.integer(), fc.constant(null), anyValue),
        email: fc.oneof(fc.emailAddress(), anyValue),
        rol: fc.oneof(
          fc.constantFrom('administrador', 'asistente', 'supervisor', 'vendedor', 'cliente'),
          anyValue,
        ),
        usuario: fc.oneof(fc.string(), anyValue),
        exp: fc.oneof(fc.integer(), anyValue),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(claims, (value) => {
        const expected = webClaims.safeParse(value);
        if (expected.success) expect(readClaims(value)).toEqual(expected.data);
        else expect(() => readClaims(value)).toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
