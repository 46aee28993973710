// @vitest-environment node
// Pure logic: no DOM to build.
import type { IncomeContract, IncomeSummary } from '@camposanto/domain';
import { describe, expect, it } from 'vitest';
import { incomeCsv } from './income-csv';

function contract(overrides: Partial<IncomeContract>): IncomeContract {
  return {
    id: 1,
    numero_solicitud: 'CRE000001',
    numero_contrato: 'CON-000001',
    cliente_id: 1,
    vendedor_id: 2,
    supervisor_id: 3,
    tipo_servicio: 'cremacion',
    descripcion: 'Cremación Básica',
    fecha_creacion: '2026-11-22T15:00:00.000Z',
    fecha_vencimiento: '2026-11-25T15:00:00.000Z',
    fecha_conversion: '2026-11-22T16:00:00.000Z',
    estado: 'contrato',
    estadoPago: 'pagado',
    modalidadPago: 'Financiado',
    precioPlan: 1166.4,
    monto_total: 1166.4,
    items_adicionales: { metodoPago: 'VES', descuento: 0, precioConDescuento: 1166.4 },
    precios_por_metodo: { USD: null, VES: null },
    email_enviado: true,
    vendedor_nombre: 'Valeria Vendedora',
    cliente: { nombre: 'Pérez; "Carlos"', cedula: 'V-1', celular: null, telefono: null },
    detalles: [
      {
        id: 1,
        codigo: null,
        descripcion: 'Cremación Básica',
        tipo_servicio: 'cremacion',
        modalidadPago: 'Financiado',
        metodoPago: 'VES',
        tipo_moneda: null,
        pagoInicial: 100,
        cuotas: 3,
        montoPorCuotas: 533.2,
        montoPorCuota: 533.2,
        precioFinanciado: 1066.4,
        descuento: 0,
        precioConDescuento: 1166.4,
        precioPlan: 1166.4,
        precioTotal: 1166.4,
        estadoPago: 'pagado',
        detalles_adicionales: null,
      },
    ],
    total_pagado: 1166.4,
    ...overrides,
  };
}

const summary: IncomeSummary = {
  vendedores: [
    {
      vendedor_id: 2,
      vendedor_nombre: 'Valeria Vendedora',
      supervisor_id: 3,
      supervisor_nombre: 'Sergio Supervisor',
      total_contratos: 2,
      total_financiado: 1166.4,
      total_contado: 1234567.8,
      total_ingresos: 1235734.2,
      total_verificado: 1234567.8,
      total_por_verificar: 1166.4,
    },
    {
      vendedor_id: 4,
      vendedor_nombre: 'Omar Otro',
      supervisor_id: null,
      supervisor_nombre: null,
      total_contratos: 0,
      total_financiado: 0,
      total_contado: 0,
      total_ingresos: 0,
      total_verificado: 0,
      total_por_verificar: 0,
    },
  ],
  contratos: [contract({})],
  total_contratos: 2,
  totales: { total_contado: 1234567.8, total_financiado: 1166.4, suma_total_pagos: 1235734.2 },
  page: 1,
  per_page: 10,
};

describe('income CSV export', () => {
  const csv = incomeCsv(summary);
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

  it('starts with a UTF-8 BOM and separates fields with semicolons', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[1]).toBe(
      'Supervisor;Vendedor;Total Contratos;Total Financiado;Total De Contado;Total Ingresos;Total verificado;Total por verificar',
    );
  });

  it('writes the summary per supervisor and seller with decimal commas and no thousands separators, as a Spanish-locale Excel reads them', () => {
    expect(lines[2]).toBe(
      'Sergio Supervisor;Valeria Vendedora;2;1166,40;1234567,80;1235734,20;1234567,80;1166,40',
    );
    expect(lines[3]).toBe('Sin supervisor;Omar Otro;0;0,00;0,00;0,00;0,00;0,00');
  });

  it('writes the contracts on screen as shown, quoting a name that holds the separator or quotes', () => {
    expect(lines[6]).toBe(
      'Número de Contrato;Cliente;Vendedor;Tipo de Servicio;Fecha de Creación;Modalidad de Pago;Pago Inicial;Monto Total;Total Pagado',
    );
    expect(lines[7]).toBe(
      'CON-000001;"Pérez; ""Carlos""";Valeria Vendedora;Cremación;22/11/2026;Financiado;100,00;1166,40;1166,40',
    );
  });

  it("ends with the server's totals under the footer's labels", () => {
    expect(lines.slice(-3)).toEqual([
      'Total De Contado;1234567,80',
      'Total Financiado;1166,40',
      'Suma total de Pagos;1235734,20',
    ]);
  });
});
