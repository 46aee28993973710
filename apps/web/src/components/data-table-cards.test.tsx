import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupUser } from '../test/render';
import { stubViewportWidth as viewportOf } from '../test/viewport';
import { DataTable, type DataTableColumn } from './data-table';

interface Contrato {
  id: number;
  numero: string;
  cliente: string;
  monto: string;
}

const columns: DataTableColumn<Contrato>[] = [
  { key: 'numero', header: 'Número de Contrato', sortField: 'numero', render: (row) => row.numero },
  { key: 'cliente', header: 'Cliente', render: (row) => row.cliente },
  { key: 'monto', header: 'Monto', align: 'right', render: (row) => row.monto },
];
const rows: Contrato[] = [
  { id: 1, numero: 'CON-000001', cliente: 'Carmen Rodríguez', monto: '$ 1.200,00' },
  { id: 2, numero: 'CON-000002', cliente: 'Luis Pérez', monto: '$ 800,00' },
];

function renderContracts(props: Partial<Parameters<typeof DataTable<Contrato>>[0]> = {}) {
  return renderWithProviders(
    <DataTable
      label="Contratos"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      emptyText="No hay contratos."
      cardsBelow="md"
      {...props}
    />,
  );
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

describe('DataTable cards below a breakpoint (issue 15)', () => {
  it('at 768 px shows each row as a card that names every column beside its value', () => {
    viewportOf(768);
    renderContracts();

    const table = screen.getByRole('table', { name: 'Contratos' });
    expect(table).toHaveAttribute('role', 'table');
    const [first] = bodyRows();
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Número de ContratoCON-000001',
      'ClienteCarmen Rodríguez',
      'Monto$ 1.200,00',
    ]);
    // The card's titles are for the eye; assistive technology reads the column headers, still in the table.
    expect(within(first!).getByText('Cliente')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Número de Contrato',
      'Cliente',
      'Monto',
    ]);
  });

  it('at 1366 px keeps the plain table, with no titles repeated in the cells', () => {
    viewportOf(1366);
    renderContracts();

    const [first] = bodyRows();
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['CON-000001', 'Carmen Rodríguez', '$ 1.200,00']);
    expect(screen.getByRole('table', { name: 'Contratos' })).not.toHaveAttribute('role');
  });

  it('stays a table at 768 px when the table does not ask for cards', () => {
    viewportOf(768);
    renderContracts({ cardsBelow: undefined });

    const [first] = bodyRows();
    expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent(/^CON-000001$/);
  });

  it('as cards still sorts from its header and opens a row with the keyboard', async () => {
    viewportOf(768);
    const user = setupUser();
    const onSortChange = vi.fn();
    renderContracts({
      sort: { orden: undefined, onSortChange },
      renderExpanded: (row) => `Líneas de ${row.numero}`,
    });

    await user.click(screen.getByRole('button', { name: 'Número de Contrato' }));
    expect(onSortChange).toHaveBeenCalledWith('numero');

    const [toggle] = screen.getAllByRole('button', { name: 'Expandir fila' });
    toggle!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Líneas de CON-000001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contraer fila' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('as cards shows the empty text and the footer', () => {
    viewportOf(768);
    const { unmount } = renderContracts({ rows: [] });
    expect(screen.getByText('No hay contratos.')).toBeInTheDocument();
    unmount();

    renderContracts({
      footer: (
        <tr>
          <td>Total</td>
          <td>$ 2.000,00</td>
        </tr>
      ),
    });
    expect(screen.getByText('$ 2.000,00')).toBeInTheDocument();
  });
});
