import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { RequestLinesPanel } from './request-lines-panel';

// Issue 15: the seller sees why a disabled button is disabled.

function renderPanel(overrides: Parameters<typeof makeRequestDto>[0]) {
  renderWithProviders(
    <RequestLinesPanel
      request={makeRequestDto({ numero_contrato: null, estado: 'solicitud', ...overrides })}
      isSending={false}
      onReport={vi.fn()}
      onSendEmail={vi.fn()}
    />,
  );
}

describe('RequestLinesPanel', () => {
  it('says why Enviar Solicitud waits while the payment is pending', async () => {
    const user = setupUser();
    renderPanel({ estadoPago: 'pendiente', email_enviado: false });

    const send = screen.getByRole('button', { name: 'Enviar Solicitud CRE000001' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Reporte el pago antes de enviar la solicitud.');
    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000001' })).toBeEnabled();
    await user.hover(send.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Reporte el pago antes de enviar la solicitud.',
    );
  });

  it('says why Reportar Pago and Enviar Solicitud are off once paid and sent', () => {
    renderPanel({ estadoPago: 'pagado', email_enviado: true });

    expect(screen.getByRole('button', { name: 'Reportar Pago de CRE000001' })).toHaveAccessibleDescription(
      'El pago de esta solicitud ya fue reportado.',
    );
    expect(screen.getByRole('button', { name: 'Enviar Solicitud CRE000001' })).toHaveAccessibleDescription(
      'La solicitud ya fue enviada por correo.',
    );
  });
});
