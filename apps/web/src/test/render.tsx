import '@testing-library/jest-dom/vitest';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { Toasts } from '../app/toasts';

// Finding rows of MUI tables by role is slow in jsdom, more so on a busy machine: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A user for the screen tests. Without the default pause between keystrokes (a timer per key), typing into MUI
 * fields in jsdom costs a render per key and nothing more.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, ...options });
}

export type TestUser = ReturnType<typeof setupUser>;

/** Renders a screen the way the app does: theme, query client with its notices, router and toasts. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  return render(
    <ThemeProvider theme={theme} noSsr>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <Toasts />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (init: RequestInit | undefined) => Reply;

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (query string ignored). Unknown calls
 * answer 404, so a screen that calls something unexpected shows it in the test.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    const reply =
      typeof handler === 'function'
        ? handler(init)
        : (handler ?? { status: 404, body: { detail: 'No encontrado' } });
    const status = reply.status ?? 200;
    const body = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(body, { status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type FetchMock = ReturnType<typeof mockApi>;

/** The query of every call to `path` (matched without its query) the mocked API received so far, oldest first. */
export function queriesTo(fetchMock: FetchMock, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** The words of the latest call to `path`, as an object (`{}` before any). */
export function lastQueryTo(fetchMock: FetchMock, path: string): Record<string, string> {
  return Object.fromEntries(queriesTo(fetchMock, path).at(-1) ?? []);
}

/** Whether some call to `path` carried every word of `words` (a list's q, orden, filters). */
export function wasAsked(fetchMock: FetchMock, path: string, words: Record<string, string>): boolean {
  return queriesTo(fetchMock, path).some((query) =>
    Object.entries(words).every(([name, value]) => query.get(name) === value),
  );
}

/** Waits until some call to `path` carried every word of `words`. */
export function waitForQuery(fetchMock: FetchMock, path: string, words: Record<string, string>) {
  return waitFor(() => expect(wasAsked(fetchMock, path, words)).toBe(true));
}

/** Renders the address's query beside a screen (`getByTestId('location')`): what a list keeps in its URL. */
export function LocationSearch() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** An unsigned token carrying the claims of DESIGN §3; the web only reads them. */
export function fakeToken(claims: { rol: string; usuario?: string; sub?: string }): string {
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  const payload = {
    sub: claims.sub ?? '7',
    supervisor_id: null,
    email: 'persona@camposanto.test',
    rol: claims.rol,
    usuario: claims.usuario ?? 'María Pérez',
    ver: 1,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.firma`;
}
