import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { theme } from '../../../app/theme';
import { emptySeries } from '../../../components/dashboard-series/series-test-data';
import { fakeToken, mockApi, queriesTo } from '../../../test/render';
import { adminRoutes } from '../routes';

// The chart library draws nothing useful in jsdom.
vi.mock('../../../components/dashboard-series/series-charts', () => ({
  SalesChart: () => null,
  IncomeChart: () => null,
  InstalmentsChart: () => null,
}));

const DASHBOARD_PATH = '/api/v1/vendedores/ventas/dashboard';
const SERIES_PATH = '/api/v1/vendedores/ventas/dashboard/series';
const welcomeRoute = adminRoutes.find((route) => route.index);

function signInAs(rol: string) {
  localStorage.setItem('access_token', fakeToken({ rol }));
  return mockApi({
    [`GET ${DASHBOARD_PATH}`]: {
      body: {
        solicitudes: 10,
        contratos: 4,
        solicitudes_caducadas: 2,
        total_ingresos: 5,
        total_verificado: 5,
      },
    },
    [`GET ${SERIES_PATH}`]: { body: emptySeries() },
  });
}

function runLoader() {
  const loader = welcomeRoute?.loader;
  if (typeof loader !== 'function') throw new Error('the welcome route has no loader');
  return loader({
    request: new Request('http://localhost/administracion'),
    params: {},
  } as LoaderFunctionArgs);
}

afterEach(() => queryClient.clear());

describe('the administrator’s welcome route (issue 15, docs/decisions/037)', () => {
  it('asks for the figures and the charts as soon as the address is known, without waiting for them', async () => {
    const fetchMock = signInAs('administrador');

    expect(await runLoader()).toBeNull();
    expect(queriesTo(fetchMock, DASHBOARD_PATH)).toHaveLength(1);
    await waitFor(() => expect(queriesTo(fetchMock, SERIES_PATH)).toHaveLength(1));
  });

  it('asks for nothing without an office session: the area’s guard sends the user away', async () => {
    const fetchMock = signInAs('vendedor');
    await runLoader();
    localStorage.clear();
    await runLoader();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the answers the route asked for, without asking a second time', async () => {
    const fetchMock = signInAs('administrador');
    const router = createMemoryRouter(
      [{ path: '/administracion', children: welcomeRoute ? [welcomeRoute] : [] }],
      {
        initialEntries: ['/administracion'],
      },
    );
    render(
      <ThemeProvider theme={theme} noSsr>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>,
    );

    const created = await screen.findByRole('region', { name: 'Solicitudes Creadas' });
    expect(await within(created).findByText('6')).toBeInTheDocument();
    expect(await screen.findByText('No hay ingresos en los últimos 12 meses.')).toBeInTheDocument();
    expect(queriesTo(fetchMock, DASHBOARD_PATH)).toHaveLength(1);
    expect(queriesTo(fetchMock, SERIES_PATH)).toHaveLength(1);
  });
});
