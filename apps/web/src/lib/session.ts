import { ROLES, type Rol, type TokenClaims } from '@camposanto/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { COLOR_MODE_STORAGE_KEY } from './color-mode';

// SPEC §6: the access token is stored as access_token and the role as rol.
const TOKEN_KEY = 'access_token';
const ROL_KEY = 'rol';
const CHANGE_EVENT = 'camposanto:session';

/** The claims the web reads; `ver` is the server's alone. */
type Claims = Omit<TokenClaims, 'ver'>;

/**
 * The claims the web reads (DESIGN §3 Token; the server may add more), checked by hand rather than with the
 * domain's `tokenClaimsSchema`: zod would add 28 KB to the sign-in page (issue 12). session.test.ts holds
 * this check to that schema.
 */
export function readClaims(value: unknown): Claims {
  const claims = (value ?? {}) as Record<string, unknown>;
  const { sub, supervisor_id, email, rol, usuario, exp } = claims;
  const isInteger = (field: unknown) => Number.isSafeInteger(field);
  if (
    typeof sub !== 'string' ||
    !(supervisor_id === null || isInteger(supervisor_id)) ||
    typeof email !== 'string' ||
    !ROLES.includes(rol as Rol) ||
    typeof usuario !== 'string' ||
    !isInteger(exp)
  ) {
    throw new Error('El token no tiene los datos de la sesión.');
  }
  return {
    sub,
    supervisor_id: supervisor_id as number | null,
    email,
    rol: rol as Rol,
    usuario,
    exp: exp as number,
  };
}

export interface Session {
  token: string;
  userId: string;
  supervisorId: number | null;
  email: string;
  rol: Rol;
  usuario: string;
  expiresAt: number;
}

/** Reads the claims of a JWT without checking its signature: the server is the one that trusts it. */
export function decodeToken(token: string): Session | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) throw new Error('El token no tiene carga útil.');
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = readClaims(JSON.parse(new TextDecoder().decode(bytes)));
    return {
      token,
      userId: claims.sub,
      supervisorId: claims.supervisor_id,
      email: claims.email,
      rol: claims.rol,
      usuario: claims.usuario,
      expiresAt: claims.exp * 1000,
    };
  } catch (error) {
    // SPEC §8: a token decode failure is logged.
    console.error('No se pudo leer el token de sesión.', error);
    return null;
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The current session, or null when there is none, it cannot be read or it has expired. */
export function readSession(token = getToken()): Session | null {
  if (!token) return null;
  const session = decodeToken(token);
  if (!session || session.expiresAt <= Date.now()) return null;
  return session;
}

export function saveSession(token: string): Session | null {
  const session = decodeToken(token);
  if (!session) return null;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ROL_KEY, session.rol);
  notifyChange();
  return session;
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROL_KEY);
  notifyChange();
}

/**
 * SPEC §4 Sign-out clears all local storage. The colour mode is kept: it is a preference of
 * this device, which SPEC §4 also says is remembered, not part of anyone's session.
 */
export function clearLocalStorageOnSignOut(): void {
  const colorMode = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  localStorage.clear();
  if (colorMode !== null) localStorage.setItem(COLOR_MODE_STORAGE_KEY, colorMode);
  notifyChange();
}

function notifyChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // 'storage' keeps several tabs in step: signing out in one signs out the others.
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The signed-in session, re-rendering when it changes. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  return useMemo(() => readSession(token), [token]);
}
