import type { SearchResponse } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  fakeToken,
  mockApi,
  queriesTo,
  renderWithProviders,
  setupUser,
  type TestUser,
} from '../../../test/render';
import { GlobalSearch } from './global-search';

const RESULTS: SearchResponse = {
  clientes: [{ id: 1, nombre: 'Ana Pérez', cedula: 'V-12345678', telefono: '02121234567', celular: null }],
  solicitudes: [
    {
      id: 5,
      numero_solicitud: 'S000005',
      numero_contrato: null,
      estado: 'caducada',
      tipo_servicio: 'parcelas',
      cliente_nombre: 'Ana Pérez',
      cliente_cedula: 'V-12345678',
    },
  ],
  contratos: [
    {
      id: 6,
      numero_contrato: 'CON-000006',
      numero_solicitud: 'S000006',
      estado: 'contrato',
      tipo_servicio: 'parcelas',
      cliente_nombre: 'Ana Pérez',
      cliente_cedula: 'V-12345678',
    },
  ],
  parcelas: [{ id: 9, codigo: 'A01-02-03', puestos: 3, disponible: 2 }],
  nichos: [],
};
const NOTHING: SearchResponse = { clientes: [], solicitudes: [], contratos: [], parcelas: [], nichos: [] };

function Where() {
  const location = useLocation();
  return <output aria-label="Dirección">{`${location.pathname}${location.search}`}</output>;
}

/** The search in the header of `homePath`'s area, the server answering `answer`; `asked()` lists each q sent. */
function renderSearch(homePath: string, answer: SearchResponse) {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const fetchMock = mockApi({ 'GET /api/v1/buscar': { body: answer } });
  renderWithProviders(
    <>
      <GlobalSearch homePath={homePath} />
      <Where />
    </>,
    { route: homePath },
  );
  return {
    asked: () => queriesTo(fetchMock, '/api/v1/buscar').map((query) => query.get('q') ?? ''),
  };
}

/** Opens the search with Ctrl+K and types `text`; the results once they are there. */
async function searchFor(user: TestUser, text: string) {
  await user.keyboard('{Control>}k{/Control}');
  await user.type(await screen.findByRole('combobox', { name: 'Buscar' }), text);
  return screen.findByRole('listbox', { name: 'Resultados de la búsqueda' });
}

describe('GlobalSearch', () => {
  it('opens with Ctrl+K, asks once the typing pauses and shows the results under their group headings', async () => {
    const user = setupUser();
    const { asked } = renderSearch('/administracion', RESULTS);

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Búsqueda' });
    const input = within(dialog).getByRole('combobox', { name: 'Buscar' });
    expect(input).toHaveFocus();
    await user.type(input, 'V-1234');

    const list = await screen.findByRole('listbox', { name: 'Resultados de la búsqueda' });
    expect(asked()).toEqual(['V-1234']);
    expect(within(list).getByRole('group', { name: 'Clientes' })).toHaveTextContent('Ana Pérez');
    expect(within(list).getByRole('group', { name: 'Solicitudes' })).toHaveTextContent('Caducada');
    expect(within(list).getByRole('group', { name: 'Contratos' })).toHaveTextContent('CON-000006');
    expect(within(list).getByRole('group', { name: 'Parcelas' })).toHaveTextContent(
      '2 de 3 puestos disponibles',
    );
    expect(within(list).queryByRole('group', { name: 'Nichos' })).not.toBeInTheDocument();
    // The first result becomes the active one in an effect after the list renders: waited for, not assumed.
    expect(
      await within(list).findByRole('option', { name: /V-12345678 · 02121234567/, selected: true }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  it('moves through the results with the arrows and opens the active one with Enter, in the area asked from', async () => {
    const user = setupUser();
    renderSearch('/administracion', RESULTS);

    await user.click(screen.getByRole('button', { name: 'Buscar (Ctrl+K)' }));
    await user.type(await screen.findByRole('combobox', { name: 'Buscar' }), 'ana');
    await screen.findByRole('listbox');
    // Client, request, its two lists' links, then the contract.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    const contract = screen.getByRole('option', { name: /CON-000006/ });
    expect(contract).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-activedescendant', contract.id);
    // Up past the first goes round to the last: the plots' link, then the plot.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Ver todos en Parcelas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /A01-02-03/ })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent(
      '/administracion/gestionar-parcelas',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Búsqueda' })).not.toBeInTheDocument());
  });

  it("leads a seller's result to the sales area's list", async () => {
    const user = setupUser();
    renderSearch('/ventas', RESULTS);

    await user.keyboard('{Meta>}k{/Meta}');
    await user.type(await screen.findByRole('combobox', { name: 'Buscar' }), 'ana');
    await user.click(await screen.findByRole('option', { name: /S000005/ }));
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/ventas/solicitudes');
  });

  it("ends each group with the lists that hold it, opened with the text searched (the office's lists)", async () => {
    const user = setupUser();
    renderSearch('/administracion', RESULTS);

    const list = await searchFor(user, ' Ana  Pérez ');
    const linksOf = (group: string) =>
      within(within(list).getByRole('group', { name: group }))
        .queryAllByRole('option', { name: /^Ver todos/ })
        .map((option) => [option.textContent, option.getAttribute('href')]);
    // The office has no client list: a client's requests and contracts have their own links.
    expect(linksOf('Clientes')).toEqual([]);
    expect(linksOf('Solicitudes')).toEqual([
      [
        'Ver todos en Convertir Solicitudes a Contratos',
        '/administracion/gestionar-solicitudes?q=Ana+P%C3%A9rez',
      ],
      [
        'Ver todos en Solicitudes Caducadas',
        '/administracion/gestionar-solicitudes-caducadas?q=Ana+P%C3%A9rez',
      ],
    ]);
    expect(linksOf('Parcelas')).toEqual([
      ['Ver todos en Parcelas', '/administracion/gestionar-parcelas?q=Ana+P%C3%A9rez'],
    ]);

    // From the keyboard: down to the contracts' link, Enter opens the list searched and closes the search.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Ver todos en Contratos Activos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent(
      '/administracion/gestionar-contratos?q=Ana+P%C3%A9rez',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Búsqueda' })).not.toBeInTheDocument());
  });

  it('offers a seller their own lists of clients, requests and contracts, and no inventory list', async () => {
    const user = setupUser();
    renderSearch('/ventas', RESULTS);

    const list = await searchFor(user, 'ana');
    expect(
      within(list)
        .getAllByRole('option', { name: /^Ver todos/ })
        .map((option) => option.textContent),
    ).toEqual(['Ver todos en Clientes', 'Ver todos en Solicitudes', 'Ver todos en Contratos']);

    await user.click(screen.getByRole('option', { name: 'Ver todos en Clientes' }));
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/ventas/clientes?q=ana');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Búsqueda' })).not.toBeInTheDocument());
  });

  it('says there are no results for the text, asks nothing for one character, and closes with Escape', async () => {
    const user = setupUser();
    const { asked } = renderSearch('/ventas', NOTHING);

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Buscar' });
    await user.type(input, 'x');
    expect(await screen.findByText('Escriba al menos 2 caracteres para buscar.')).toBeInTheDocument();
    expect(asked()).toEqual([]);

    await user.type(input, 'yz%');
    expect(await screen.findByText('Sin resultados para «xyz%»')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Búsqueda' })).not.toBeInTheDocument());
  });
});
