import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { IncomePage } from './income-page';

// Issue 15: 'Total De Contado' appeared under 'Total Pagado' while nothing was paid.

function renderIncome() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  mockApi({
    'GET /api/v1/vendedores': { body: { mensaje: '', vendedores: [], usuarios: [] } },
    'GET /api/v1/admin/historial-ingresos-resumen': {
      body: {
        vendedores: [],
        contratos: [
          { ...makeRequestDto({ id: 4, monto_total: 900, modalidadPago: 'De Contado' }), total_pagado: 0 },
        ],
        total_contratos: 1,
        totales: {
          total_contado: 900,
          total_financiado: 1080,
          suma_total_pagos: 0,
          total_verificado: 0,
          total_por_verificar: 0,
        },
        page: 1,
        per_page: 10,
      },
    },
  });
  renderWithProviders(<IncomePage />);
}

/** The header of the column a footer amount sits under, by the cells' spans. */
function columnUnder(table: HTMLElement, label: string): string {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const row = within(table).getByRole('row', { name: new RegExp(`^${label}`) });
  let column = 0;
  for (const cell of within(row).getAllByRole('cell')) {
    if (cell.textContent?.startsWith('$')) return headers[column] ?? '';
    column += Number(cell.getAttribute('colspan') ?? 1);
  }
  return '';
}

describe('IncomePage footer', () => {
  it('puts each total under the column it sums', async () => {
    renderIncome();
    const table = await screen.findByRole('table', { name: 'Contratos' });
    await within(table).findByText('Total De Contado');

    expect(columnUnder(table, 'Total De Contado')).toBe('Monto Total');
    expect(columnUnder(table, 'Total Financiado')).toBe('Monto Total');
    expect(columnUnder(table, 'Suma total de Pagos')).toBe('Total Pagado');
    expect(columnUnder(table, 'Total verificado')).toBe('Total Pagado');
    expect(columnUnder(table, 'Total por verificar')).toBe('Total Pagado');
  });
});
