import { formatUsd, PRICING_MESSAGES } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planDto, renderRequestForm } from './test-request-forms';

// Issue 10, defect 1: the form refuses, as the server does, an initial payment that leaves nothing to finance.
// Cremación Básica: 900 cash; financed in 3 cuotas 1,166.40.
const cremacion = planDto(2, 'Cremación Básica', 'cremacion', 900);

const amount = (label: string) => screen.getByLabelText(label, { selector: 'dd' });

async function chooseFinanced(pagoInicial: string) {
  const { user } = renderRequestForm('cremacion', {
    'GET /api/planes/solicitudes': { body: [cremacion] },
  });
  await screen.findByRole('option', { name: 'Cremación Básica' });
  await user.selectOptions(screen.getByLabelText(/^Plan/), 'Cremación Básica');
  await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), 'Financiado');
  await user.selectOptions(screen.getByLabelText(/^Cuotas/), '3');
  await user.clear(screen.getByLabelText(/^Pago Inicial/));
  await user.type(screen.getByLabelText(/^Pago Inicial/), pagoInicial);
  return user;
}

// Typing in jsdom (and the first render, which loads MUI) takes more than five seconds on a busy machine.
describe('the request form and an initial payment beyond the financed total', { timeout: 30_000 }, () => {
  it('shows the server’s message by the initial payment, keeps the financed total and cannot add the line', async () => {
    // A USD initial of 1,000 earns 200 off: 1,200 against 1,166.40.
    const user = await chooseFinanced('1000');
    expect(screen.getByLabelText(/^Pago Inicial/)).toHaveAccessibleDescription(
      PRICING_MESSAGES.inicialExcede,
    );
    expect(amount('Precio Plan')).toHaveTextContent(formatUsd(1166.4));
    expect(amount('Monto por Cuota')).toHaveTextContent('—');
    const add = screen.getByRole('button', { name: 'Agregar' });
    expect(add).toBeDisabled();

    await user.clear(screen.getByLabelText(/^Pago Inicial/));
    await user.type(screen.getByLabelText(/^Pago Inicial/), '500');
    expect(screen.getByLabelText(/^Pago Inicial/)).not.toHaveAccessibleDescription();
    expect(amount('Monto por Cuota')).toHaveTextContent(formatUsd(283.2));
    await user.click(add);
    const budget = screen.getByRole('table', { name: 'Resumen de solicitud del contrato' });
    expect(within(budget).getByRole('row', { name: /Cremación Básica/ })).toHaveTextContent(formatUsd(283.2));
  });

  it('refuses an initial equal to the whole financed total (nothing left to pay in instalments)', async () => {
    // 972 in USD earns 194.40 off: exactly 1,166.40, a balance of 0.
    await chooseFinanced('972');
    expect(screen.getByLabelText(/^Pago Inicial/)).toHaveAccessibleDescription(
      PRICING_MESSAGES.inicialExcede,
    );
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeDisabled();
  });
});
