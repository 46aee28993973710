import type { RequestDto } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto, makeRequestLineDto } from '../../../test/request-dto';
import { PaymentReportsPage } from './payment-reports-page';

const LIST = 'GET /api/reporte-pagos/solicitudes/7';

// A financed cremation request in bolívares whose initial is paid (1,166.40: 100 down, 3 instalments of 533.20).
function request(overrides: Partial<RequestDto>): RequestDto {
  return makeRequestDto({
    id: 3,
    numero_contrato: null,
    cliente_id: 5,
    descripcion: 'Cremación Básica',
    fecha_creacion: '2026-11-22T15:00:00.000Z',
    fecha_vencimiento: '2026-11-25T15:00:00.000Z',
    fecha_conversion: null,
    estado: 'solicitud',
    estadoPago: 'inicial_pagada',
    precioPlan: 1166.4,
    monto_total: 1166.4,
    items_adicionales: { metodoPago: 'VES', descuento: 0, precioConDescuento: 1166.4 },
    cliente: { nombre: 'Carlos Cliente', cedula: 'V-1', celular: null, telefono: null },
    detalles: [
      makeRequestLineDto({
        id: 8,
        codigo: null,
        descripcion: 'Cremación Básica',
        metodoPago: 'VES',
        tipo_moneda: null,
        montoPorCuotas: 533.2,
        montoPorCuota: 533.2,
        precioFinanciado: 1066.4,
        descuento: 0,
        precioConDescuento: 1166.4,
        precioPlan: 1166.4,
        precioTotal: 1166.4,
        estadoPago: 'inicial_pagada',
      }),
    ],
    ...overrides,
  });
}

const page = (items: RequestDto[]) => ({ body: { items, total: items.length, page: 1, per_page: 10 } });

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
}

describe('PaymentReportsPage', () => {
  it("lists the seller's requests and filters them by payment state on the server", async () => {
    const user = setupUser();
    signIn();
    mockApi({ [LIST]: page([request({})]) });
    renderWithProviders(<PaymentReportsPage />);

    const row = await screen.findByRole('row', { name: /CRE000003/ });
    expect(within(row).getByText('INICIAL PAGADA')).toBeInTheDocument();
    expect(within(row).getByText('Carlos Cliente')).toBeInTheDocument();

    const filtered = mockApi({ [LIST]: page([]) });
    await user.selectOptions(screen.getByLabelText('Filtrar por Estado'), 'pagados');
    expect(await screen.findByText('No hay reporte de pagos disponible.')).toBeInTheDocument();
    const url = String(filtered.mock.calls.at(-1)?.[0]);
    expect(url).toContain('estado_pago=pagados');
    expect(url).toContain('page=1');
  });

  it("keeps 'Reportar Pago' for pending requests and 'Enviar Solicitud' for paid ones not yet sent", async () => {
    const user = setupUser();
    signIn();
    mockApi({
      [LIST]: page([
        request({}),
        request({ id: 4, numero_solicitud: 'CRE000004', estadoPago: 'pendiente' }),
        request({ id: 6, numero_solicitud: 'CRE000006', estadoPago: 'pagado', email_enviado: true }),
      ]),
    });
    renderWithProviders(<PaymentReportsPage />);

    for (const row of await screen.findAllByRole('button', { name: 'Expandir fila' })) await user.click(row);
    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000003' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000003' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000004' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000004' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000006' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000006' })).toBeDisabled();
  });

  it('a financed request without initial has nothing to report and can be sent as it is (issue 10 §9)', async () => {
    const user = setupUser();
    signIn();
    const withoutInitial = request({ estadoPago: 'pendiente' });
    withoutInitial.detalles = withoutInitial.detalles.map((line) => ({ ...line, pagoInicial: 0 }));
    mockApi({ [LIST]: page([withoutInitial]) });
    renderWithProviders(<PaymentReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'Expandir fila' }));
    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000003' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000003' })).toBeEnabled();
  });

  it('says before confirming that paying a USD price in bolívares removes the discount (issue 10 §2)', async () => {
    const user = setupUser();
    signIn();
    const cashUsd = request({
      estadoPago: 'pendiente',
      modalidadPago: 'De Contado',
      precioPlan: 900,
      monto_total: 720,
      items_adicionales: { metodoPago: 'USD', descuento: 180, precioConDescuento: 720 },
      precios_por_metodo: {
        USD: { monto_total: 720, descuento: 180, monto_a_pagar: 720 },
        VES: { monto_total: 900, descuento: 0, monto_a_pagar: 900 },
      },
    });
    mockApi({
      [LIST]: page([cashUsd]),
      'GET /api/v1/tasa-cambio': {
        body: { promedio: 40, fuente: 'manual', fecha: '2026-11-24T10:00:00.000Z' },
      },
    });
    renderWithProviders(<PaymentReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'Expandir fila' }));
    await user.click(screen.getByRole('button', { name: 'Reportar Pago de CRE000003' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Método de Pago'), 'VES');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      /Al pagar en bolívares, la solicitud se calcula sin el descuento del 20 % por pago en dólares: Precio Total \$ 720,00 → \$ 900,00/,
    );
    expect(within(dialog).getByLabelText('Monto a Pagar')).toHaveValue('36.000,00 Bs.');
  });

  it("says 'Error al enviar correo.' once when the e-mail fails, and 'Correo enviado con éxito' then refreshes", async () => {
    const user = setupUser();
    signIn();
    let sent = false;
    mockApi({
      [LIST]: () => page([request({ email_enviado: sent })]),
      'POST /api/enviar_correo': () => ({ status: 503, body: { detail: 'Error al enviar correo.' } }),
    });
    renderWithProviders(<PaymentReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'Expandir fila' }));
    await user.click(screen.getByRole('button', { name: 'Enviar Solicitud CRE000003' }));
    expect(await screen.findByText('Error al enviar correo.')).toBeInTheDocument();
    expect(screen.queryByText(/Error al enviar correo\. Error/)).not.toBeInTheDocument();

    mockApi({
      [LIST]: () => page([request({ email_enviado: sent })]),
      'POST /api/enviar_correo': () => {
        sent = true;
        return { body: { mensaje: 'Correo enviado con éxito' } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Enviar Solicitud CRE000003' }));
    expect(await screen.findByText('Correo enviado con éxito')).toBeInTheDocument();
    // The list is asked again and now says the e-mail was sent.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000003' })).toBeDisabled(),
    );
  });
});
