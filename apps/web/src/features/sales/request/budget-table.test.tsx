import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import type { BudgetItem } from './budget';
import { BudgetTable } from './budget-table';
import { stubViewportWidth } from '../../../test/viewport';

const line = (key: number, descripcion: string, codigo: string | null = null): BudgetItem => ({
  key,
  tipo_servicio: 'parcela',
  plan_id: 1,
  descripcion,
  codigo,
  modalidadPago: 'De Contado',
  metodoPago: 'USD',
  pagoInicial: 0,
  cuotas: 0,
  montoPorCuotas: 0,
  precioFinanciado: 0,
  descuento: 600,
  precioConDescuento: 2400,
  precioPlan: 3000,
  precioTotal: 2400,
});

const items = [line(1, 'Parcela Jardín', 'A01-02-01'), line(2, 'Parcela Premium', 'A01-02-02')];

function renderTable(overrides: Partial<Parameters<typeof BudgetTable>[0]> = {}) {
  const onRemove = vi.fn();
  const onSave = vi.fn();
  renderWithProviders(
    <BudgetTable items={items} isSaving={false} onRemove={onRemove} onSave={onSave} {...overrides} />,
  );
  return {
    onRemove,
    onSave,
    table: screen.getByRole('table', { name: 'Resumen de solicitud del contrato' }),
  };
}

// The first render loads MUI: on a busy machine that alone can take most of the default five seconds.
describe('BudgetTable', { timeout: 20_000 }, () => {
  it('keeps Eliminar Ítems disabled until a line is checked, then removes only the checked lines', async () => {
    const user = setupUser();
    const { onRemove, table } = renderTable();
    const remove = screen.getByRole('button', { name: 'Eliminar Ítems' });
    expect(remove).toBeDisabled();

    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar Parcela Premium' }));
    expect(remove).toBeEnabled();
    await user.click(remove);

    expect(onRemove).toHaveBeenCalledTimes(1);
    expect([...onRemove.mock.calls[0]![0]]).toEqual([2]);
    expect(remove).toBeDisabled();
  });

  it('checks every line with the header box and shows each line with its amounts and the total', async () => {
    const user = setupUser();
    const { onRemove, table } = renderTable();
    const row = within(table).getByRole('row', { name: /A01-02-01/ });
    expect(within(row).getByText('Parcela Jardín')).toBeInTheDocument();
    expect(within(row).getByText('$ 600,00')).toBeInTheDocument();
    expect(within(table).getByText('$ 4.800,00')).toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar todos los ítems' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Ítems' }));
    expect([...onRemove.mock.calls[0]![0]].sort()).toEqual([1, 2]);
  });

  it('saves with Guardar Solicitud, which an empty budget or a save in progress disables', async () => {
    const user = setupUser();
    const { onSave } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Guardar Solicitud' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text and disables both buttons without lines', () => {
    renderTable({ items: [] });
    expect(screen.getByText('No hay ítems agregados a la solicitud.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Solicitud' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eliminar Ítems' })).toBeDisabled();
  });

  it('shows Guardando... and locks the lines while saving', () => {
    const { table } = renderTable({ isSaving: true });
    expect(screen.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    expect(within(table).getByRole('checkbox', { name: 'Seleccionar Parcela Jardín' })).toBeDisabled();
  });

  it("downloads the quote of the budget's lines, as 'Guardar Solicitud' would send them (issue 14)", async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    const bodies: unknown[] = [];
    mockApi({
      'POST /api/v1/pdf/presupuesto': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: '%PDF', headers: { 'Content-Disposition': 'attachment; filename="presupuesto.pdf"' } };
      },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Descargar presupuesto (PDF)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    click.mockRestore();
    const linesOf = (descripcion: string, codigo: string) => ({
      plan_id: 1,
      metodoPago: 'USD',
      pagoInicial: 0,
      cuotas: 0,
      montoPorCuotas: 0,
      precioFinanciado: 0,
      descuento: 600,
      precioConDescuento: 2400,
      precioPlan: 3000,
      precioTotal: 2400,
      tipo_servicio: 'parcela',
      descripcion,
      modalidadPago: 'De Contado',
      codigo,
      tipo_moneda: 'USD',
      detalles_adicionales: { descripcion, modalidadPago: 'De Contado' },
    });
    expect(bodies).toEqual([
      {
        tipo_servicio: 'parcela',
        modalidadPago: 'De Contado',
        detalles: [linesOf('Parcela Jardín', 'A01-02-01'), linesOf('Parcela Premium', 'A01-02-02')],
      },
    ]);
  });

  it('keeps the quote disabled while the budget is empty', () => {
    renderTable({ items: [] });
    expect(screen.getByRole('button', { name: 'Descargar presupuesto (PDF)' })).toBeDisabled();
  });
});

describe('BudgetTable at a tablet width (issue 15)', { timeout: 20_000 }, () => {
  it('shows each line as a card naming every column, with its checkbox and the total', async () => {
    stubViewportWidth(768);
    const user = setupUser();
    const { onRemove, table } = renderTable();

    const row = within(table).getByRole('row', { name: /A01-02-01/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'CódigoA01-02-01',
      'DescripciónParcela Jardín',
      'ModalidadDe Contado',
      'MétodoUSD',
      'Pago Inicial$ 0,00',
      'Cuotas0',
      'Monto por Cuota$ 0,00',
      'Descuento$ 600,00',
      'Precio con Descuento$ 2.400,00',
      'Precio Total$ 2.400,00',
    ]);
    expect(within(table).getByText('Seleccionar todos')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('Total$ 4.800,00');

    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar todos los ítems' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Ítems' }));
    expect([...onRemove.mock.calls[0]![0]]).toEqual([1, 2]);
  });
});
