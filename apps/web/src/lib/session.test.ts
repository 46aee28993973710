import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/render';
import { clearLocalStorageOnSignOut, decodeToken, readSession, saveSession } from './session';

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
});
