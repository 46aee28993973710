import { MSG } from '@camposanto/domain';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { COLOR_MODE_STORAGE_KEY } from '../lib/color-mode';
import { notify } from '../lib/notify';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

// The notices' container loads just after the first render (docs/decisions/015-light-first-page.md).
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

// SPEC §8 Dashboard 401: the session is over; say so once and go back to the login.
setUnauthorizedHandler(() => {
  queryClient.clear();
  notify('error', MSG.sesionExpirada, { toastId: 'sesion-expirada' });
  void router.navigate('/', { replace: true });
});

export function App() {
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY} noSsr>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
