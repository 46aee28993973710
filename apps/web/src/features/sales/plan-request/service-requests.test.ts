import { describe, expect, it } from 'vitest';
import type { BudgetItem } from '../request/budget';
import { toServiceRequests } from './service-requests';

const line = (key: number, tipo_servicio: string, descripcion: string, extra: Partial<BudgetItem> = {}) =>
  ({
    key,
    tipo_servicio,
    plan_id: key,
    descripcion,
    codigo: null,
    modalidadPago: 'De Contado',
    metodoPago: 'USD',
    pagoInicial: 0,
    cuotas: 0,
    montoPorCuotas: 0,
    precioFinanciado: 0,
    descuento: 180,
    precioConDescuento: 720,
    precioPlan: 900,
    precioTotal: 720,
    ...extra,
  }) satisfies BudgetItem;

describe('toServiceRequests (issue 15, decision 033)', () => {
  it('sends one request per service, its lines in the order added, for the chosen client', () => {
    const requests = toServiceRequests(
      [
        line(1, 'cremacion', 'Cremación Básica'),
        line(2, 'plan-funerario', 'Plan Funerario Familiar'),
        line(3, 'cremacion', 'Cremación con Ceremonia'),
      ],
      41,
    );
    expect(requests.map((request) => request.tipo_servicio)).toEqual(['cremacion', 'plan-funerario']);
    expect(requests.every((request) => request.cliente_id === 41)).toBe(true);
    const [cremacion] = requests;
    expect(cremacion!.descripcion).toBe('Cremación Básica, Cremación con Ceremonia');
    expect(cremacion!.detalles.map((detail) => detail.plan_id)).toEqual([1, 3]);
    expect(cremacion!.detalles[1]).toMatchObject({
      tipo_servicio: 'cremacion',
      modalidadPago: 'De Contado',
      metodoPago: 'USD',
      precioTotal: 720,
      detalles_adicionales: { descripcion: 'Cremación con Ceremonia', modalidadPago: 'De Contado' },
    });
  });

  it('splits a service whose lines differ in modality or payment method, as a request has one of each', () => {
    const requests = toServiceRequests(
      [
        line(1, 'cremacion', 'Cremación Básica'),
        line(2, 'cremacion', 'Cremación Básica', { modalidadPago: 'Financiado', cuotas: 3 }),
        line(3, 'cremacion', 'Cremación Básica', { metodoPago: 'VES' }),
        line(4, 'cremacion', 'Cremación Básica', { modalidadPago: 'Financiado', cuotas: 2 }),
      ],
      41,
    );
    expect(requests.map((request) => [request.modalidadPago, request.detalles.length])).toEqual([
      ['De Contado', 1],
      ['Financiado', 2],
      ['De Contado', 1],
    ]);
    expect(requests[2]!.detalles[0]!.metodoPago).toBe('VES');
  });

  it('treats the names of one service alike (inhumacion-parcelas is inhumacion)', () => {
    const requests = toServiceRequests(
      [line(1, 'inhumacion', 'Inhumación'), line(2, 'inhumacion-parcelas', 'Inhumación')],
      41,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.descripcion).toBe('Inhumación');
  });
});
