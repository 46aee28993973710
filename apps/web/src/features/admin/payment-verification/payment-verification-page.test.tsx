import type { VerificationItem } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { PaymentVerificationPage } from './payment-verification-page';

const QUEUE = 'GET /api/v1/admin/verificacion-pagos';

function makePayment(overrides: Partial<VerificationItem> = {}): VerificationItem {
  return {
    id: 31,
    tipo: 'cuota',
    concepto: 'Cuota 3 del contrato CON-000007',
    solicitud_id: 4,
    numero_solicitud: 'CRE000004',
    numero_contrato: 'CON-000007',
    nro_cuota: 3,
    cliente: 'Ana Rojas',
    vendedor_id: 9,
    vendedor: 'Luis Vendedor',
    metodo_pago: 'VES',
    metodo_ves: 'transferencia',
    divisas: 0,
    bolivares: 4567.5,
    dollar_price: 45.675,
    monto_pagado: 100,
    banco_emisor: 'Banesco',
    banco_receptor: 'Banco de Venezuela',
    referencia: '000123',
    observaciones: null,
    fecha_pago: '2026-11-20T14:00:00.000Z',
    estado_verificacion: 'por_verificar',
    motivo_rechazo: null,
    verificado_por: null,
    fecha_verificacion: null,
    comprobantes: [{ moneda: 'ves', archivo_id: 'a1', tipo_mime: 'image/png', nombre: 'comprobante.png' }],
    referencia_repetida: true,
    ...overrides,
  };
}

const page = (items: VerificationItem[]) => ({ body: { items, total: items.length } });
const receipt = { body: 'png', headers: { 'Content-Type': 'image/png' } };

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'asistente' }));
}

function bodiesOf(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) as unknown }));
}

describe('PaymentVerificationPage', () => {
  it('lists the payments waiting, with amounts, rate, reference flag and state', async () => {
    signIn();
    const fetchMock = mockApi({
      [QUEUE]: page([makePayment(), makePayment({ id: 32, referencia_repetida: false, referencia: '999' })]),
    });
    renderWithProviders(<PaymentVerificationPage />);

    const table = await screen.findByRole('table', { name: 'Pagos reportados' });
    const row = (await within(table).findAllByRole('row', { name: /CON-000007/ }))[0]!;
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(row).getByText('Cuota 3')).toBeInTheDocument();
    expect(within(row).getByText('CON-000007')).toBeInTheDocument();
    expect(within(row).getByText('Ana Rojas')).toBeInTheDocument();
    expect(within(row).getByText('Luis Vendedor')).toBeInTheDocument();
    expect(within(row).getByText('$ 100,00')).toBeInTheDocument();
    expect(within(row).getByText('4.567,50 Bs.')).toBeInTheDocument();
    expect(within(row).getByText(/a 45,675/)).toBeInTheDocument();
    expect(within(row).getByText('Banesco')).toBeInTheDocument();
    expect(within(row).getByText('000123')).toBeInTheDocument();
    expect(within(row).getByText('Referencia repetida')).toBeInTheDocument();
    expect(within(row).getByText('POR VERIFICAR')).toBeInTheDocument();
    // Only the first row's reference is flagged.
    expect(within(table).getAllByText('Referencia repetida')).toHaveLength(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/admin/verificacion-pagos?estado=por_verificar&page=1&per_page=10',
    );
  });

  it('asks the server for another state from its tab and says when it has none', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({ [QUEUE]: page([]) });
    renderWithProviders(<PaymentVerificationPage />);

    expect(await screen.findByText('No hay pagos por verificar.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rechazado' }));
    expect(await screen.findByText('No hay pagos para el filtro seleccionado.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('estado=rechazado');
    await user.click(screen.getByRole('tab', { name: 'Todos' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('estado=todos'));
  });

  it('shows the receipt beside the data and verifies the payment', async () => {
    const user = setupUser();
    signIn();
    let decided = false;
    const fetchMock = mockApi({
      [QUEUE]: () => page(decided ? [] : [makePayment()]),
      'GET /api/v1/pagos/31/comprobante/ves': receipt,
      'POST /api/v1/admin/pagos/31/verificar': () => {
        decided = true;
        return {
          body: { mensaje: 'Pago verificado.', pago: makePayment({ estado_verificacion: 'verificado' }) },
        };
      },
    });
    renderWithProviders(<PaymentVerificationPage />);

    await user.click(await screen.findByRole('button', { name: 'Revisar Cuota 3 del contrato CON-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cuota 3 del contrato CON-000007' });
    expect(
      await within(dialog).findByRole('img', { name: 'Comprobante Bs. del pago 31' }),
    ).toBeInTheDocument();
    const data = within(dialog).getByRole('region', { name: 'Datos reportados' });
    expect(within(data).getByText('000123')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/otro pago ya usó este banco emisor y esta referencia/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('Pago verificado.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([
      { url: '/api/v1/admin/pagos/31/verificar', body: { decision: 'verificado' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No hay pagos por verificar.')).toBeInTheDocument();
  });

  it('rejects only with a reason, saying what the rejection undoes', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      [QUEUE]: page([makePayment()]),
      'GET /api/v1/pagos/31/comprobante/ves': receipt,
      'POST /api/v1/admin/pagos/31/verificar': {
        body: {
          mensaje: 'Pago rechazado. Se notificó al vendedor.',
          pago: makePayment({ estado_verificacion: 'rechazado', motivo_rechazo: 'No llegó al banco' }),
        },
      },
    });
    renderWithProviders(<PaymentVerificationPage />);

    await user.click(await screen.findByRole('button', { name: 'Revisar Cuota 3 del contrato CON-000007' }));
    const review = await screen.findByRole('dialog', { name: 'Cuota 3 del contrato CON-000007' });
    await user.click(within(review).getByRole('button', { name: 'Rechazar' }));

    const reject = await screen.findByRole('dialog', { name: /Rechazar pago/ });
    expect(reject).toHaveAccessibleDescription(/la solicitud o la cuota vuelve a quedar pendiente/);
    await user.click(within(reject).getByRole('button', { name: 'Rechazar pago' }));
    expect(await within(reject).findByText('Indique el motivo del rechazo.')).toBeInTheDocument();
    await user.type(within(reject).getByRole('textbox', { name: /Motivo del rechazo/ }), 'No');
    await user.click(within(reject).getByRole('button', { name: 'Rechazar pago' }));
    expect(
      await within(reject).findByText('El motivo debe tener al menos 5 caracteres.'),
    ).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([]);

    await user.type(within(reject).getByRole('textbox', { name: /Motivo del rechazo/ }), ' llegó al banco  ');
    await user.click(within(reject).getByRole('button', { name: 'Rechazar pago' }));

    expect(await screen.findByText('Pago rechazado. Se notificó al vendedor.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([
      {
        url: '/api/v1/admin/pagos/31/verificar',
        body: { decision: 'rechazado', motivo: 'No llegó al banco' },
      },
    ]);
  });

  it('shows a PDF receipt in a frame, with its download', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      [QUEUE]: page([
        makePayment({
          comprobantes: [
            { moneda: 'usd', archivo_id: 'a2', tipo_mime: 'application/pdf', nombre: 'zelle.pdf' },
          ],
        }),
      ]),
      'GET /api/v1/pagos/31/comprobante/usd': {
        body: '%PDF-1.4',
        headers: { 'Content-Type': 'application/pdf' },
      },
    });
    renderWithProviders(<PaymentVerificationPage />);

    await user.click(await screen.findByRole('button', { name: 'Revisar Cuota 3 del contrato CON-000007' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('Comprobante USD del pago 31');
    expect(frame.tagName).toBe('IFRAME');
    expect(
      within(dialog).getByRole('link', { name: 'Descargar Comprobante USD del pago 31' }),
    ).toHaveAttribute('download', 'zelle.pdf');
  });

  it('says why a decision failed and keeps the payment open', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      [QUEUE]: page([makePayment({ comprobantes: [] })]),
      'POST /api/v1/admin/pagos/31/verificar': {
        status: 409,
        body: { detail: 'El pago ya fue rechazado: no se puede volver a decidir.' },
      },
    });
    renderWithProviders(<PaymentVerificationPage />);

    await user.click(await screen.findByRole('button', { name: 'Revisar Cuota 3 del contrato CON-000007' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Este pago no tiene comprobante.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('El pago ya fue rechazado: no se puede volver a decidir.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a decided payment with who decided and why, without the buttons', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      [QUEUE]: page([
        makePayment({
          estado_verificacion: 'rechazado',
          motivo_rechazo: 'Referencia inexistente',
          verificado_por: 'Olga Oficina',
          fecha_verificacion: '2026-11-21T10:00:00.000Z',
          comprobantes: [],
        }),
      ]),
    });
    renderWithProviders(<PaymentVerificationPage />);

    const row = await screen.findByRole('row', { name: /CON-000007/ });
    expect(within(row).getByText('RECHAZADO')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Revisar/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Referencia inexistente')).toBeInTheDocument();
    expect(within(dialog).getByText('Olga Oficina')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Verificar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
  });
});
