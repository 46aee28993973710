import { formatUsd, REQUEST_MESSAGES, type Niche } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planDto, renderRequestForm } from './test-request-forms';

// Issue 10, defect 3: a niche is sold under its own plan; the form has no second plan list.
const SENCILLO = 'Nicho de Columbario Sencillo (1 urna)';
const DUPLEX = 'Nicho de Columbario Dúplex (2 urnas)';
const plans = [
  planDto(5, SENCILLO, 'nichos-columbarios', 1000),
  planDto(6, DUPLEX, 'nichos-columbarios', 1700),
];

function nicheDto(plan: string | null): Niche {
  return {
    id: 9,
    codigo: 'C1-A-03',
    estado: 'disponible',
    cantidad_nichos: 2,
    plan,
    descripcion: 'Nicho dúplex junto al jardín',
    mto_contado: null,
    mto_financiado: null,
    capilla: 'Capilla San José',
    lado: 'Izquierdo Externo',
    fila: '1',
    columna: '03',
  };
}

async function searchNiche(plan: string | null) {
  const rendered = renderRequestForm('nichos-columbarios', {
    'GET /api/planes/solicitudes': { body: plans },
    'GET /api/consulta-columbario/C1-A-03': { body: nicheDto(plan) },
  });
  await rendered.user.type(screen.getByLabelText(/^Código del Nicho/), 'c1-a-03{Enter}');
  await screen.findByDisplayValue('Capilla San José');
  return rendered;
}

const amount = (label: string) => screen.getByLabelText(label, { selector: 'dd' });

// Typing in jsdom (and the first render, which loads MUI) takes more than five seconds on a busy machine.
describe('the columbarium request form', { timeout: 30_000 }, () => {
  it('prices a 2-urn niche from its own plan, shown read-only, with no plan list', async () => {
    const { user } = await searchNiche('nicho de columbario dúplex (2 urnas)');
    expect(screen.queryByRole('combobox', { name: /^Plan/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Plan', { exact: true })).toHaveValue(
      'nicho de columbario dúplex (2 urnas)',
    );
    expect(screen.getByLabelText('Plan', { exact: true })).toHaveAttribute('readonly');

    await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), 'De Contado');
    // 1,700 less 20 % in USD, not the single-urn 800.
    expect(amount('Precio con Descuento')).toHaveTextContent(formatUsd(1360));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const budget = screen.getByRole('table', { name: 'Resumen de solicitud del contrato' });
    const row = within(budget).getByRole('row', { name: /C1-A-03/ });
    expect(row).toHaveTextContent(DUPLEX);
    expect(row).toHaveTextContent(formatUsd(1360));
  });

  it('words a financed initial beyond the total as SPEC §5 does for the columbarium, and cannot add it', async () => {
    const { user } = await searchNiche(DUPLEX);
    await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), 'Financiado');
    await user.clear(screen.getByLabelText(/^Pago Inicial/));
    // 2,040 financed in 1 cuota: 1,700 in USD earns 340 off, nothing left.
    await user.type(screen.getByLabelText(/^Pago Inicial/), '1700');
    expect(screen.getByLabelText(/^Pago Inicial/)).toHaveAccessibleDescription(
      'El monto inicial no puede ser igual o mayor al precio total.',
    );
    expect(amount('Precio Plan')).toHaveTextContent(formatUsd(2040));
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeDisabled();
  });

  it('says a niche whose plan is not on sale cannot be requested, and cannot add it', async () => {
    const { user } = await searchNiche('Nicho Triple (3 urnas)');
    expect(await screen.findByText(REQUEST_MESSAGES.nichoPlanNoDisponible)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), 'De Contado');
    expect(amount('Precio Plan')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeDisabled();
  });
});
