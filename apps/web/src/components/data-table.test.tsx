import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupUser } from '../test/render';
import { DataTable, type DataTableColumn } from './data-table';

interface Persona {
  id: number;
  nombre: string;
}

const columns: DataTableColumn<Persona>[] = [
  { key: 'nombre', header: 'Nombre', render: (persona) => persona.nombre },
];
const personas = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  nombre: `Persona ${index + 1}`,
}));

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

describe('DataTable', () => {
  it('pages rows on the client, five at a time, and moves to the next page', async () => {
    const user = setupUser();
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={personas}
        rowKey={(persona) => persona.id}
        emptyText="No hay personas."
        pagination={{ mode: 'client', pageSizes: [5, 10] }}
      />,
    );

    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    expect(screen.getByText('1–5 de 12')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Persona 5')).toBeInTheDocument();
    expect(screen.queryByText('Persona 6')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(screen.getByText('6–10 de 12')).toBeInTheDocument();
    expect(screen.getByText('Persona 6')).toBeInTheDocument();
    expect(screen.queryByText('Persona 1')).not.toBeInTheDocument();
  });

  it('shows more rows per page when the page size changes, starting again from the first page', async () => {
    const user = setupUser();
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={personas}
        rowKey={(persona) => persona.id}
        emptyText="No hay personas."
        pagination={{ mode: 'client', pageSizes: [5, 10] }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '10' }));

    expect(screen.getByText('1–10 de 12')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });

  it('asks the caller for another page when paging is on the server', async () => {
    const user = setupUser();
    const pages: number[] = [];
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={personas.slice(0, 5)}
        rowKey={(persona) => persona.id}
        emptyText="No hay personas."
        pagination={{
          mode: 'server',
          pageSizes: [5, 10, 25],
          page: 0,
          pageSize: 5,
          total: 40,
          onPageChange: (page) => pages.push(page),
          onPageSizeChange: () => undefined,
        }}
      />,
    );

    expect(screen.getByText('1–5 de 40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(pages).toEqual([1]);
  });

  it('opens and closes a row to show its details', async () => {
    const user = setupUser();
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={personas.slice(0, 2)}
        rowKey={(persona) => persona.id}
        emptyText="No hay personas."
        renderExpanded={(persona) => `Detalles de ${persona.nombre}`}
      />,
    );

    expect(screen.queryByText('Detalles de Persona 1')).not.toBeInTheDocument();
    const [firstToggle] = screen.getAllByRole('button', { name: 'Expandir fila' });
    await user.click(firstToggle!);
    expect(screen.getByText('Detalles de Persona 1')).toBeInTheDocument();
    expect(screen.queryByText('Detalles de Persona 2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Contraer fila' }));
    await waitFor(() => expect(screen.queryByText('Detalles de Persona 1')).not.toBeInTheDocument());
  });

  it('shows the empty text when there are no rows', () => {
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={[]}
        rowKey={(persona) => persona.id}
        emptyText="No hay vendedores disponibles."
        pagination={{ mode: 'client', pageSizes: [10] }}
      />,
    );

    expect(screen.getByText('No hay vendedores disponibles.')).toBeInTheDocument();
    expect(screen.getByText('0–0 de 0')).toBeInTheDocument();
  });

  it('names the page size when it is the only one (SPEC §2 screen 11)', () => {
    renderWithProviders(
      <DataTable
        label="Personas"
        columns={columns}
        rows={[]}
        rowKey={(persona) => persona.id}
        emptyText="Sin filas"
        pagination={{ mode: 'client', pageSizes: [10] }}
      />,
    );

    expect(screen.getByText('Filas por página: 10')).toBeInTheDocument();
  });
});
