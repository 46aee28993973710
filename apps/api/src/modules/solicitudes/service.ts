import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MSG,
  normalizeNicheCode,
  normalizePlotCode,
  planServiceOf,
  PLOT_CODE_ERROR,
  PricingError,
  pricingRefusal,
  quote,
  REQUEST_MESSAGES,
  toCents,
  type Quote,
  type RequestData,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { planes, solicitudDetalles } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { SessionUser } from '../../lib/actor';
import { reachableClient } from '../clientes/service';
import { pricesOf } from '../planes/mappers';
import { assertSentAmountsMatch, cashListPrices, lineAmounts, requestTotals } from './amounts';
import { auditRequest, insertRequest, toCreatedDto, VALIDITY_MS } from './header';
import { nichePlan } from './niche-plan';
import { drawRequestNumbers } from './numbering';
import { reserveNiche, reservePlotSeat } from './reservations';

type LineData = RequestData['detalles'][number];

/** Runs a pricing rule; a rule it breaks is the client's 400 with the rule's Spanish text. */
export function priceOrRefuse<T>(run: () => T, service?: string): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    throw badRequest(pricingRefusal(error, service));
  }
}

/**
 * An active plan of the service (DESIGN §4.1: inactive plans are not for sale), named by id or, for clients
 * of the old system, by its description (DESIGN §3).
 */
export async function offeredPlan(
  tx: Db,
  planId: number | undefined,
  service: string,
  descripcion?: string | null,
) {
  const byName = and(
    eq(planes.tipoServicio, service),
    sql`lower(${planes.descripcion}) = lower(${descripcion ?? ''})`,
  );
  const [plan] = await tx
    .select()
    .from(planes)
    .where(planId !== undefined ? eq(planes.id, planId) : byName)
    .orderBy(desc(planes.isActive))
    .limit(1);
  if (!plan || !plan.isActive || plan.tipoServicio !== service)
    throw badRequest(REQUEST_MESSAGES.planNoDisponible);
  return plan;
}

function priceLine(plan: typeof planes.$inferSelect, request: RequestData, line: LineData): Quote {
  const q = priceOrRefuse(
    () =>
      quote({
        plan: pricesOf(plan),
        modalidad: line.modalidadPago ?? request.modalidadPago,
        metodo: line.metodoPago,
        cuotas: line.cuotas,
        pagoInicial: toCents(line.pagoInicial),
      }),
    plan.tipoServicio,
  );
  assertSentAmountsMatch(
    {
      precioTotal: line.precioTotal,
      descuento: line.descuento,
      precioConDescuento: line.precioConDescuento,
      precioFinanciado: q.modalidad === 'Financiado' ? line.precioFinanciado : undefined,
      montoPorCuota: line.montoPorCuotas ?? line.montoPorCuota,
    },
    {
      precioTotal: q.precioTotal,
      descuento: q.descuento,
      precioConDescuento: q.precioConDescuento,
      precioFinanciado: q.precioFinanciado,
      montoPorCuota: q.montoPorCuota,
    },
  );
  return q;
}

/** Plot and niche lines name what they reserve; plot codes are stored normalised (SPEC §5). */
function inventoryCode(service: string, raw: string | null | undefined): string | null {
  if (service !== 'parcelas' && service !== 'nichos-columbarios') return raw || null;
  if (!raw) throw badRequest(REQUEST_MESSAGES.codigoRequerido);
  if (service === 'nichos-columbarios') return normalizeNicheCode(raw);
  const codigo = normalizePlotCode(raw);
  if (!codigo) throw badRequest(PLOT_CODE_ERROR);
  return codigo;
}

/**
 * SPEC §7 POST /api/v1/solicitudes/: an array of requests, saved all or nothing. Every line is priced here;
 * plot and niche lines reserve their seat or niche in the same transaction (DESIGN §4.5).
 */
export async function createRequests({
  db,
  actor,
  requests,
}: {
  db: Db;
  actor: SessionUser;
  requests: RequestData[];
}) {
  const services = requests.map((request) => {
    const service = planServiceOf(request.tipo_servicio);
    if (!service || service === 'previsivo') {
      throw badRequest(MSG.tipoServicioNoValido);
    }
    return service;
  });
  return db.transaction(async (tx) => {
    const numbers = await drawRequestNumbers(tx, services);
    const created = [];
    for (const [index, request] of requests.entries()) {
      const service = services[index]!;
      const client = await reachableClient({ db: tx, actor, id: request.cliente_id });
      const priced = [];
      for (const line of request.detalles) {
        // Conversion to a contract reads the request's modality (instalments only when financed).
        if (line.modalidadPago && line.modalidadPago !== request.modalidadPago)
          throw badRequest(REQUEST_MESSAGES.modalidadDistinta);
        const codigo = inventoryCode(service, line.codigo);
        const plan =
          service === 'nichos-columbarios'
            ? await nichePlan(tx, codigo!, line)
            : await offeredPlan(tx, line.plan_id, service, line.descripcion);
        priced.push({ line, plan, codigo, quote: priceLine(plan, request, line) });
      }
      const quotes = priced.map((item) => item.quote);
      const row = await insertRequest(tx, {
        actor,
        client,
        service,
        tipoServicio: service,
        descripcion: request.descripcion ?? priced[0]!.plan.descripcion,
        modalidad: request.modalidadPago,
        metodo: quotes[0]!.metodo,
        totals: requestTotals(quotes),
        validity: VALIDITY_MS.normal,
        numero: numbers[index],
      });
      for (const { line, plan, codigo, quote: q } of priced) {
        const [detail] = await tx
          .insert(solicitudDetalles)
          .values({
            solicitudId: row.id,
            planId: plan.id,
            tipoServicio: service,
            codigo,
            descripcion: line.descripcion ?? plan.descripcion,
            modalidadPago: q.modalidad,
            metodoPago: q.metodo,
            tipoMoneda: line.tipo_moneda ?? q.metodo,
            ...lineAmounts(q),
            detallesAdicionales: {
              ...(line.detalles_adicionales ?? {}),
              descripcion: line.descripcion ?? plan.descripcion,
              modalidadPago: q.modalidad,
              ...(service === 'nichos-columbarios' ? { estado: 'reservado' } : {}),
              // DESIGN §4.12: a cash line paid in the other currency is priced again from these.
              ...(q.modalidad === 'De Contado' ? { precios_contado: cashListPrices(plan) } : {}),
            },
          })
          .returning({ id: solicitudDetalles.id });
        const holder = { solicitudId: row.id, detalleId: detail!.id };
        if (service === 'parcelas') {
          const parcelaId = await reservePlotSeat(tx, codigo!, holder);
          await tx.update(solicitudDetalles).set({ parcelaId }).where(eq(solicitudDetalles.id, detail!.id));
        } else if (service === 'nichos-columbarios') {
          const nichoId = await reserveNiche(tx, codigo!, holder);
          await tx.update(solicitudDetalles).set({ nichoId }).where(eq(solicitudDetalles.id, detail!.id));
        }
      }
      await auditRequest(tx, actor, row, client);
      created.push(toCreatedDto(row));
    }
    return created;
  });
}
