import type { PaymentReport } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { PaymentHistoryPage } from './payment-history-page';

// Issue 10 §7 and §8: each payment with its own state, and its amounts in the Venezuelan format.

const payment = (overrides: Partial<PaymentReport>): PaymentReport => ({
  id: 1,
  solicitud_id: 5,
  numero_solicitud: 'CRE000005',
  numero_contrato: 'CON-000005',
  cliente: 'Ana Pérez',
  tipo: 'inicial',
  nro_cuota: 1,
  fecha_pago: '2026-11-22T15:00:00.000Z',
  metodo_pago: 'VES',
  metodo_ves: null,
  divisas: 0,
  bolivares: 712443,
  dollar_price: 36.5,
  monto_pagado: 19518.99,
  monto_restante: 1046.4,
  monto_total: 1166.4,
  descuento: 0,
  banco_emisor: 'Banesco',
  banco_receptor: 'Banco Plaza',
  referencia: '00123',
  observaciones: null,
  estado_pago: 'inicial_pagada',
  tiene_comprobante_usd: false,
  tiene_comprobante_ves: true,
  ...overrides,
});

describe('PaymentHistoryPage', () => {
  it("shows each payment's own state: a paid Cuota #1 reads PAGADO beside an initial that reads INICIAL PAGADA", async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    mockApi({
      'GET /api/v1/pagos/historial': {
        body: {
          items: [
            payment({
              id: 2,
              tipo: 'cuota',
              nro_cuota: 1,
              metodo_pago: 'USD',
              divisas: 523.2,
              bolivares: 0,
              monto_pagado: 523.2,
              estado_pago: 'pagado',
              estado_verificacion: 'verificado',
            }),
            payment({ estado_verificacion: 'rechazado', motivo_rechazo: 'La referencia no existe' }),
          ],
          total: 2,
          page: 1,
          per_page: 10,
        },
      },
    });
    renderWithProviders(<PaymentHistoryPage />);

    const table = await screen.findByRole('table', { name: 'Historial de pagos' });
    const instalmentRow = await within(table).findByRole('row', { name: /Cuota #1/ });
    expect(within(instalmentRow).getByText('PAGADO')).toBeInTheDocument();
    expect(within(instalmentRow).getByText('$ 523,20')).toBeInTheDocument();
    const initial = within(table).getByRole('row', { name: /Pago inicial/ });
    expect(within(initial).getByText('INICIAL PAGADA')).toBeInTheDocument();
    expect(within(table).queryByText('PENDIENTE')).not.toBeInTheDocument();
    // Issue 14 §3: whether administración verified each payment.
    expect(within(instalmentRow).getByText('VERIFICADO')).toBeInTheDocument();
    expect(within(initial).getByText('RECHAZADO')).toBeInTheDocument();
    // Issue 14 §1: a verified payment's receipt downloads as a PDF; a rejected one has none.
    expect(
      within(instalmentRow).getByRole('button', { name: 'Descargar recibo del pago 2 (PDF)' }),
    ).toBeInTheDocument();
    expect(within(initial).queryByRole('button', { name: /Descargar recibo/ })).toBeNull();

    await userEvent.click(within(initial).getByRole('button', { name: 'Expandir fila' }));
    const details = within(await screen.findByLabelText('Detalles del pago 1'));
    expect(details.getByText('712.443,00 Bs.')).toBeInTheDocument();
    expect(details.getByText('36,50 Bs.')).toBeInTheDocument();
    expect(details.getByText('$ 1.166,40')).toBeInTheDocument();
    expect(details.getByText('La referencia no existe')).toBeInTheDocument();
  });
});
