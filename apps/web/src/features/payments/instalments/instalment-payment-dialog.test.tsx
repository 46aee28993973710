import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Instalment } from '../../../api/instalments/get-instalments';
import { mockUploads } from '../../../test/fake-xhr';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { InstalmentPaymentDialog } from './instalment-payment-dialog';

const contract = makeRequestDto({ id: 9 });
const instalment: Instalment = {
  id: 41,
  contrato_id: 9,
  numero: 2,
  numero_contrato: 'CON-000009',
  tipo_servicio: 'cremacion',
  cuotas: 533.2,
  monto: 533.2,
  fecha_vencimiento: '2027-01-22',
  estado_pago: 'pendiente',
  fecha_pago: null,
  precioFinanciado: 1166.4,
};

function open() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  mockApi({ 'GET /api/v1/tasa-cambio': { body: { promedio: 36.5, fuente: 'manual', fecha: null } } });
  const sent = mockUploads({ 'POST /api/v1/cuotas/pago-cuota': { body: { message: 'ok' } } });
  const onClose = vi.fn();
  renderWithProviders(
    <InstalmentPaymentDialog contract={contract} instalment={instalment} onClose={onClose} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'REPORTAR PAGO - CUOTA #2' }));
  return { dialog, sent, onClose };
}

const receipt = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('InstalmentPaymentDialog', () => {
  it('VES sets the bolivars to instalment × rate; USD sets the dollars and hides the bolivars', async () => {
    const user = setupUser();
    const { dialog } = open();
    await screen.findByText('36,50 Bs.');

    await user.selectOptions(dialog.getByLabelText(/^Tipo de Pago/), 'VES');
    expect(dialog.getByLabelText(/^Monto en Bs\./)).toHaveValue('19461.80');
    expect(dialog.queryByLabelText(/^Monto en USD/)).not.toBeInTheDocument();

    await user.selectOptions(dialog.getByLabelText(/^Tipo de Pago/), 'USD');
    expect(dialog.getByLabelText(/^Monto en USD/)).toHaveValue('533.20');
    expect(dialog.queryByLabelText(/^Monto en Bs\./)).not.toBeInTheDocument();
    expect(dialog.getByText('Por favor, suba el comprobante en USD.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reportar Pago' })).toBeDisabled();
  });

  it('refuses a mixed payment that does not add up, then sends the one that does', async () => {
    const user = setupUser();
    const { dialog, sent, onClose } = open();
    await screen.findByText('36,50 Bs.');

    await user.selectOptions(dialog.getByLabelText(/^Tipo de Pago/), 'Ambos');
    await user.type(dialog.getByLabelText(/^Monto en USD/), '266.60');
    await user.upload(dialog.getByLabelText('Comprobante en USD'), receipt('zelle.pdf'));
    await user.type(dialog.getByLabelText(/^Monto en Bs\./), '9000');
    await user.selectOptions(dialog.getByLabelText(/^Método de Pago en Bs\./), 'pago_movil');
    expect(dialog.getByText('Por favor, suba el comprobante de pago móvil.')).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText(/^Banco Emisor/), 'Banesco');
    await user.type(dialog.getByLabelText(/^Número de Referencia/), '778899');
    await user.upload(dialog.getByLabelText('Comprobante de pago móvil'), receipt('movil.pdf'));

    await user.click(dialog.getByRole('button', { name: 'Reportar Pago' }));
    expect(
      await screen.findByText('El monto pagado no coincide con el monto de la cuota.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/^Monto en Bs\./));
    await user.type(dialog.getByLabelText(/^Monto en Bs\./), '9730,90');
    expect(dialog.getByText('Total pagado: $ 533,20 de $ 533,20')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reportar Pago' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Pago registrado exitosamente')).toBeInTheDocument();
    const form = sent[0]!.form;
    expect(sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(
      Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')),
    ).toMatchObject({
      cuota_id: '41',
      metodo_pago: 'Ambos',
      monto_usd: '266.60',
      monto_ves: '9730.90',
      metodo_ves: 'pago_movil',
      banco_emisor: 'Banesco',
      referencia: '778899',
      vendedor_id: '7',
      estado_pago: 'pagado',
    });
    expect((form.get('comprobante_usd') as File).name).toBe('zelle.pdf');
    expect((form.get('comprobante_ves') as File).name).toBe('movil.pdf');
  });

  it('changing the bolivars method clears bank, reference and proof', async () => {
    const user = setupUser();
    const { dialog } = open();
    await screen.findByText('36,50 Bs.');

    await user.selectOptions(dialog.getByLabelText(/^Tipo de Pago/), 'VES');
    await user.selectOptions(dialog.getByLabelText(/^Método de Pago en Bs\./), 'transferencia');
    await user.selectOptions(dialog.getByLabelText(/^Banco Emisor/), 'Banesco');
    await user.type(dialog.getByLabelText(/^Número de Transferencia/), '123');
    await user.upload(dialog.getByLabelText('Comprobante de transferencia'), receipt('t.pdf'));
    expect(dialog.getByRole('button', { name: 'Reportar Pago' })).toBeEnabled();

    await user.selectOptions(dialog.getByLabelText(/^Método de Pago en Bs\./), 'pago_movil');
    expect(dialog.getByLabelText(/^Banco Emisor/)).toHaveValue('');
    expect(dialog.getByLabelText(/^Número de Referencia/)).toHaveValue('');
    expect(dialog.getByText('Ningún archivo seleccionado')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reportar Pago' })).toBeDisabled();
  });
});
