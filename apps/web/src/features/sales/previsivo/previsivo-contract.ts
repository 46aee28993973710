import {
  fromCents,
  REQUEST_MESSAGES,
  type Cents,
  type Plan,
  type Quote,
  type QuoteRequestInput,
} from '@camposanto/domain';
import type { PrevisivoPayload } from '../../../api/requests/create-previsivo';
import { SALES_MESSAGES } from '../messages';
import type { Preview } from '../shared/payment-selection';
import { isRelativeComplete, relativeAge, type RelativeDraft, type RelativePrice } from './relatives';

export interface PricedRelative {
  relative: RelativeDraft;
  edad: number;
  monto: Cents;
}

/** What 'Agregar al Contrato' puts in RESUMEN DEL CONTRATO: the plan as previewed then, and its relatives. */
export interface PrevisivoContract {
  plan: Plan;
  quote: Quote;
  relatives: PricedRelative[];
  totalAdicional: Cents;
}

export function totalAdicionalOf(prices: readonly RelativePrice[]): Cents {
  return prices.reduce((total, price) => total + (price.monto ?? 0), 0);
}

/** The contract to add, or the notice that says what is missing. */
export function buildContract(args: {
  plan: Plan | undefined;
  preview: Preview;
  relatives: readonly RelativeDraft[];
  prices: readonly RelativePrice[];
}): PrevisivoContract | { refusal: string } {
  const { plan, preview, relatives, prices } = args;
  if (!plan) return { refusal: REQUEST_MESSAGES.planYModalidad };
  if (!relatives.every(isRelativeComplete)) return { refusal: SALES_MESSAGES.familiaresIncompletos };
  const refused = prices.find((price) => price.error);
  if (refused?.error) return { refusal: refused.error };
  if (prices.some((price) => price.monto === undefined)) return { refusal: SALES_MESSAGES.sinTarifaFamiliar };
  if (preview.status === 'error') return { refusal: preview.message };
  if (preview.status !== 'ok') return { refusal: REQUEST_MESSAGES.planYModalidad };
  return {
    plan,
    quote: preview.quote,
    relatives: relatives.map((relative, index) => ({
      relative,
      edad: relativeAge(relative)!,
      monto: prices[index]!.monto!,
    })),
    totalAdicional: totalAdicionalOf(prices),
  };
}

/** SPEC §7 POST /api/previsivos: the one-item array's request, with the previewed amounts to compare. */
export function toPrevisivoPayload(contract: PrevisivoContract, clientId: number): PrevisivoPayload {
  const q = contract.quote;
  return {
    cliente_id: clientId,
    plan_id: contract.plan.id,
    cuotas: q.cuotas,
    metodoPago: q.metodo,
    pagoInicial: fromCents(q.pagoInicial),
    tipo_contrato: 'Nuevo Contrato',
    precioTotal: fromCents(q.precioTotal),
    montoPorCuotas: fromCents(q.montoPorCuota),
    familiares: contract.relatives.map(({ relative }) => ({
      nombre: relative.nombre.trim(),
      cedula: relative.cedula.trim() || null,
      fecha_nacimiento: relative.fecha_nacimiento,
      parentesco: Number(relative.parentesco),
    })),
  };
}

/**
 * Issue 14 §1 POST /api/v1/pdf/presupuesto: RESUMEN DEL CONTRATO as a quote, before the client is saved: the plan as
 * one financed line and the relatives whose rates add to it (the server prices them again).
 */
export function toPrevisivoQuote(contract: PrevisivoContract): QuoteRequestInput {
  const { plan_id, metodoPago, pagoInicial, cuotas, familiares } = toPrevisivoPayload(contract, 0);
  return {
    tipo_servicio: 'previsivo',
    modalidadPago: 'Financiado',
    detalles: [{ plan_id, metodoPago, pagoInicial, cuotas, modalidadPago: 'Financiado' }],
    familiares,
  };
}
