import { formatUsd, PRICING_MESSAGES, type PlanPrices } from '@camposanto/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { applyChange, EMPTY_SELECTION, previewQuote, type PaymentSelection } from './payment-selection';
import { PricePreview } from './price-preview';

// The seeded Parcela Jardín: 3,000 cash, 3,600 financed, +4 % per extra instalment.
const jardin: PlanPrices = {
  de_contado: 3000,
  de_contado_bcv: 3000,
  financiado: 3600,
  cuota_1: 3600,
  cuota_2: 3744,
  cuota_3: 3888,
  cuota_4: 4032,
  cuota_5: 4176,
  cuota_6: 4320,
};

const selection = (patch: Partial<PaymentSelection>): PaymentSelection => ({
  ...EMPTY_SELECTION,
  planId: '1',
  ...patch,
});

function renderPreview(patch: Partial<PaymentSelection>, adicional = 0) {
  const chosen = selection(patch);
  renderWithProviders(
    <PricePreview
      preview={previewQuote(jardin, chosen, { adicional })}
      isFinanced={chosen.modalidad === 'Financiado'}
    />,
  );
}

const amount = (label: string) => screen.getByLabelText(label, { selector: 'dd' });

// The first render loads MUI: on a busy machine that alone can take most of the default five seconds.
describe('price preview', { timeout: 20_000 }, () => {
  it('shows cash in USD at the plan price less 20 %, without an instalment amount', () => {
    renderPreview({ modalidad: 'De Contado', metodo: 'USD' });
    expect(amount('Precio Plan')).toHaveTextContent('$ 3.000,00');
    expect(amount('Descuento')).toHaveTextContent('$ 600,00');
    expect(amount('Precio con Descuento')).toHaveTextContent('$ 2.400,00');
    expect(screen.queryByText('Monto por Cuota')).not.toBeInTheDocument();
  });

  it('shows cash in VES at de_contado_bcv without discount', () => {
    renderPreview({ modalidad: 'De Contado', metodo: 'VES' });
    expect(amount('Descuento')).toHaveTextContent('$ 0,00');
    expect(amount('Precio con Descuento')).toHaveTextContent('$ 3.000,00');
  });

  it('finances the cuota_n price less the USD initial and its 20 % discount, over cuotas − 1 instalments', () => {
    renderPreview({ modalidad: 'Financiado', metodo: 'USD', cuotas: 3, pagoInicial: '500' });
    expect(amount('Precio Plan')).toHaveTextContent('$ 3.888,00');
    expect(amount('Descuento')).toHaveTextContent('$ 100,00');
    expect(amount('Precio con Descuento')).toHaveTextContent('$ 3.788,00');
    expect(amount('Monto por Cuota')).toHaveTextContent('$ 1.644,00');
  });

  it('adds the pre-need relatives to the plan price', () => {
    renderPreview({ modalidad: 'Financiado', metodo: 'VES', cuotas: 1 }, 32_400);
    expect(amount('Precio Plan')).toHaveTextContent('$ 3.924,00');
    expect(amount('Monto por Cuota')).toHaveTextContent('$ 3.924,00');
  });

  it('shows dashes until a plan and a modality are chosen', () => {
    renderWithProviders(
      <PricePreview preview={previewQuote(undefined, EMPTY_SELECTION)} isFinanced={false} />,
    );
    expect(amount('Precio Plan')).toHaveTextContent('—');
  });

  it('refuses an initial payment above the financed total with the specification text', () => {
    const preview = previewQuote(
      jardin,
      selection({ modalidad: 'Financiado', cuotas: 1, pagoInicial: '5000' }),
    );
    expect(preview).toEqual({
      status: 'error',
      message: PRICING_MESSAGES.inicialExcede,
      precioFinanciado: 360_000,
    });
    expect(PRICING_MESSAGES.inicialExcede).toBe(
      'El monto inicial no puede exceder el precio total financiado.',
    );
  });

  it('keeps the financed total in view while the initial payment is refused (issue 10)', () => {
    // cuota_2 = 3,744: an initial of 3,120 in USD earns 624 off and leaves nothing to finance.
    renderPreview({ modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: '3120' });
    expect(amount('Precio Plan')).toHaveTextContent(formatUsd(3744));
    expect(amount('Monto por Cuota')).toHaveTextContent('—');
  });

  it('words the refusal of the columbarium form its own way (SPEC §5)', () => {
    const chosen = selection({ modalidad: 'Financiado', cuotas: 1, pagoInicial: '3600' });
    expect(previewQuote(jardin, chosen, { service: 'nichos-columbarios' })).toMatchObject({
      status: 'error',
      message: 'El monto inicial no puede ser igual o mayor al precio total.',
    });
  });

  it('zeroes the initial payment and the instalments when the plan or the modality changes', () => {
    const financed = selection({ modalidad: 'Financiado', cuotas: 4, pagoInicial: '300' });
    expect(applyChange(financed, { planId: '2' })).toMatchObject({
      planId: '2',
      cuotas: 1,
      pagoInicial: '0',
    });
    expect(applyChange(financed, { modalidad: 'De Contado' })).toMatchObject({ cuotas: 1, pagoInicial: '0' });
    expect(applyChange(financed, { metodo: 'VES' })).toMatchObject({ cuotas: 4, pagoInicial: '300' });
  });
});
