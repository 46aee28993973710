import { REQUEST_MESSAGES } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planDto, renderRequestForm } from './test-request-forms';

// Issue 10, defect 4 (DESIGN §4.15): a plot code not in the inventory is never a line that fails on save.
const jardin = planDto(1, 'Parcela Jardín (3 puestos)', 'parcelas', 3000);
const UNKNOWN = 'Z09-09-09';
const notFound = { status: 404, body: { detail: `No se encontró la parcela con código ${UNKNOWN}.` } };

async function checkUnknownCode(rol: string, handlers = {}) {
  const rendered = renderRequestForm(
    'parcelas',
    {
      'GET /api/planes/solicitudes': { body: [jardin] },
      [`GET /api/consulta-parcela/${UNKNOWN}`]: notFound,
      ...handlers,
    },
    rol,
  );
  const { user } = rendered;
  await screen.findByRole('option', { name: jardin.descripcion });
  await user.selectOptions(screen.getByLabelText(/^Plan/), jardin.descripcion);
  await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), 'De Contado');
  await user.type(screen.getByLabelText(/^Código de Parcela/), 'z09-09-09{Enter}');
  return rendered;
}

// Typing in jsdom (and the first render, which loads MUI) takes more than five seconds on a busy machine.
describe('the parcel request form and a plot code not in the inventory', { timeout: 30_000 }, () => {
  it('tells a seller to ask administration, offers no registration and cannot add the line', async () => {
    await checkUnknownCode('vendedor');
    const code = screen.getByLabelText(/^Código de Parcela/);
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect(code).toHaveAccessibleDescription(REQUEST_MESSAGES.parcelaNoRegistrada(UNKNOWN));
    expect(REQUEST_MESSAGES.parcelaNoRegistrada(UNKNOWN)).toBe(
      'No se encontró la parcela con código Z09-09-09. No está en el inventario: pida a administración que la registre.',
    );
    expect(screen.queryByRole('button', { name: 'Registrar parcela' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Solicitud' })).toBeDisabled();
  });

  it('lets an administrator register it with the SPEC §8 defaults after confirming, then add the line', async () => {
    const registered: unknown[] = [];
    const { user } = await checkUnknownCode('administrador', {
      'POST /parcelas': (init: RequestInit | undefined) => {
        registered.push(JSON.parse(String(init?.body)));
        const row = {
          id: 40,
          codigo: UNKNOWN,
          puestos: 3,
          disponible: 3,
          reservadas: 0,
          ocupadas: 0,
          vendidas: 0,
        };
        return { status: 201, body: row };
      },
    });
    const code = screen.getByLabelText(/^Código de Parcela/);
    const specText = `No se encontró la parcela con código ${UNKNOWN}. Puede crear una nueva entrada.`;
    await expect.poll(() => code.getAttribute('aria-describedby')).toBeTruthy();
    expect(code).toHaveAccessibleDescription(specText);
    expect(screen.getByRole('button', { name: 'Crear Solicitud' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Registrar parcela' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar parcela' });
    expect(dialog).toHaveTextContent(
      `¿Registrar la parcela ${UNKNOWN} en el inventario con 3 puestos disponibles?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registrar parcela' }));

    expect(await screen.findByText('Puestos disponibles: 3')).toBeInTheDocument();
    expect(registered).toEqual([{ codigo: UNKNOWN }]);
    expect(code).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Crear Solicitud' }));
    const budget = screen.getByRole('table', { name: 'Resumen de solicitud del contrato' });
    expect(within(budget).getByRole('row', { name: new RegExp(UNKNOWN) })).toBeInTheDocument();
  });
});

// Issue 15: the plot map from the parcel form.
describe('the parcel request form and the plot map', { timeout: 30_000 }, () => {
  it('fills in and checks the code of a plot picked on the map', async () => {
    const mapPlot = (codigo: string, numero: number, disponible: number, estado: string) => ({
      id: numero,
      codigo,
      fila: 4,
      numero,
      puestos: 3,
      disponible,
      reservadas: 0,
      ocupadas: 3 - disponible,
      vendidas: 0,
      estado,
    });
    const { user } = renderRequestForm(
      'parcelas',
      {
        'GET /api/planes/solicitudes': { body: [jardin] },
        'GET /api/mapas': { body: [] },
        'GET /api/v1/mapa-parcelas': {
          body: {
            sectores: [{ nombre: 'A03', total: 2, disponibles: 1 }],
            sector: 'A03',
            parcelas: [mapPlot('A03-04-01', 1, 0, 'ocupado'), mapPlot('A03-04-02', 2, 2, 'disponible')],
            sin_ubicacion: 0,
          },
        },
        'GET /api/consulta-parcela/A03-04-02': {
          body: {
            codigo: 'A03-04-02',
            disponible: 2,
            estado: 'disponible',
            precio_contado: 3000,
            precio_financiado: 3600,
          },
        },
      },
      'vendedor',
    );
    await user.click(await screen.findByRole('button', { name: 'Ver Mapa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapa de Parcelas' });
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Parcela A03-04-02: disponible, 2 de 3 puestos disponibles',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mapa de Parcelas' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/^Código de Parcela/)).toHaveValue('A03-04-02');
    expect(await screen.findByText('Puestos disponibles: 2')).toBeInTheDocument();
  });
});
