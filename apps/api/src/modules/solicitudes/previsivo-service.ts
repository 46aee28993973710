import { and, eq, gte, lte } from 'drizzle-orm';
import {
  ageOn,
  fromCents,
  PARENTESCOS,
  quote,
  REQUEST_MESSAGES,
  toCents,
  type PrevisivoRequest,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { familiares, solicitudDetalles, tarifasPrevisivo } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { SessionUser } from '../../lib/actor';
import { reachableClient } from '../clientes/service';
import { pricesOf } from '../planes/mappers';
import { assertSentAmountsMatch, lineAmounts, requestTotals } from './amounts';
import { auditRequest, insertRequest, toCreatedDto, VALIDITY_MS } from './header';
import { offeredPlan, priceOrRefuse } from './service';

/** SPEC §9 relationship codes; the old form sends the text, the new one the code. */
export function relationshipCode(value: number | string): number {
  if (typeof value === 'number') return value;
  const match = Object.entries(PARENTESCOS).find(([, label]) => label.toLowerCase() === value.toLowerCase());
  if (!match) throw badRequest(REQUEST_MESSAGES.parentescoInvalido(value));
  return Number(match[0]);
}

export async function relativeRate(tx: Db, planId: number, parentesco: number, edad: number) {
  const [rate] = await tx
    .select({ monto: tarifasPrevisivo.monto })
    .from(tarifasPrevisivo)
    .where(
      and(
        eq(tarifasPrevisivo.planId, planId),
        eq(tarifasPrevisivo.parentesco, parentesco),
        lte(tarifasPrevisivo.edadMinima, edad),
        gte(tarifasPrevisivo.edadMaxima, edad),
      ),
    )
    .limit(1);
  if (!rate)
    throw badRequest(REQUEST_MESSAGES.sinTarifaFamiliar(PARENTESCOS[parentesco] ?? String(parentesco), edad));
  return toCents(rate.monto);
}

/**
 * SPEC §7 POST /api/previsivos: a pre-need plan, financed only (1–4 lapsos), whose price adds each
 * associated relative's rate by relationship and age (Total Adicional). Valid one year.
 */
export async function createPrevisivo({
  db,
  actor,
  request,
}: {
  db: Db;
  actor: SessionUser;
  request: PrevisivoRequest;
}) {
  return db.transaction(async (tx) => {
    const client = await reachableClient({ db: tx, actor, id: request.cliente_id });
    const plan = await offeredPlan(tx, request.plan_id, 'previsivo');
    const relatives = [];
    for (const relative of request.familiares) {
      const parentesco = relationshipCode(relative.parentesco);
      const edad = ageOn(relative.fecha_nacimiento);
      relatives.push({ ...relative, parentesco, precio: await relativeRate(tx, plan.id, parentesco, edad) });
    }
    const adicional = relatives.reduce((total, relative) => total + relative.precio, 0);
    const q = priceOrRefuse(() =>
      quote({
        plan: pricesOf(plan),
        modalidad: 'Financiado',
        metodo: request.metodoPago,
        cuotas: request.cuotas,
        pagoInicial: toCents(request.pagoInicial),
        adicional,
      }),
    );
    assertSentAmountsMatch(
      { precioTotal: request.precioTotal, montoPorCuota: request.montoPorCuotas },
      { precioTotal: q.precioTotal, montoPorCuota: q.montoPorCuota },
    );
    const row = await insertRequest(tx, {
      actor,
      client,
      service: 'previsivo',
      tipoServicio: 'previsivo',
      descripcion: request.descripcion ?? plan.descripcion,
      modalidad: 'Financiado',
      metodo: q.metodo,
      totals: requestTotals([q]),
      validity: VALIDITY_MS.previsivo,
    });
    await tx.insert(solicitudDetalles).values({
      solicitudId: row.id,
      planId: plan.id,
      tipoServicio: 'previsivo',
      codigo: row.numeroSolicitud,
      descripcion: plan.descripcion,
      modalidadPago: 'Financiado',
      metodoPago: q.metodo,
      tipoMoneda: q.metodo,
      ...lineAmounts(q),
      detallesAdicionales: {
        tipo_servicio: 'previsivo',
        tipo_contrato: request.tipo_contrato,
        total_adicional: fromCents(adicional),
      },
    });
    if (relatives.length) {
      await tx.insert(familiares).values(
        relatives.map((relative) => ({
          solicitudId: row.id,
          nombre: relative.nombre,
          cedula: relative.cedula ?? null,
          fechaNacimiento: relative.fecha_nacimiento,
          parentesco: relative.parentesco,
          precio: (relative.precio / 100).toFixed(2),
        })),
      );
    }
    await auditRequest(tx, actor, row, client);
    return toCreatedDto(row);
  });
}
