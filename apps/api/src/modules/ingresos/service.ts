import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INCOME_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { pagos, solicitudes, vendedores } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import { loadRequests } from '../contratos/request-dto';

export type IncomeFilters = {
  supervisor_id?: number | undefined;
  vendedor_id?: number | undefined;
  modalidad?: 'De Contado' | 'Financiado' | undefined;
  fecha_inicio?: string | undefined;
  fecha_fin?: string | undefined;
  page: number;
  per_page: number;
};

const seller = alias(vendedores, 'vendedor');
const supervisor = alias(vendedores, 'supervisor');

/**
 * What was paid on a contract, as a correlated subquery on the payments' solicitud index. A join against
 * payments grouped in a subquery has no index: with a filter and estimates of a few rows (PGlite never runs
 * autovacuum, so its tables are never analysed) the planner nested-looped it, rescanning every contract's sum
 * for every contract (74 s for 5,000 contracts); this is one index lookup per contract whatever the estimates.
 */
const paidOnContract = sql<string>`(select coalesce(sum(${pagos.montoPagado}), 0) from ${pagos} where ${pagos.solicitudId} = ${solicitudes.id})`;

function contractFilter(filters: IncomeFilters): SQL | undefined {
  if (filters.fecha_inicio && filters.fecha_fin && filters.fecha_inicio > filters.fecha_fin) {
    throw badRequest(INCOME_MESSAGES.rangoFechasInvalido);
  }
  return and(
    eq(solicitudes.estado, 'contrato'),
    filters.vendedor_id ? eq(solicitudes.vendedorId, filters.vendedor_id) : undefined,
    filters.supervisor_id ? eq(seller.supervisorId, filters.supervisor_id) : undefined,
    filters.modalidad ? eq(solicitudes.modalidadPago, filters.modalidad) : undefined,
    // Business days in Caracas (DESIGN §3 Dates); the end date includes its whole day.
    filters.fecha_inicio ? gte(solicitudes.fechaCreacion, businessDayStart(filters.fecha_inicio)) : undefined,
    filters.fecha_fin ? lt(solicitudes.fechaCreacion, nextBusinessDayStart(filters.fecha_fin)) : undefined,
  );
}

const sums = {
  total_contratos: sql<number>`count(*)::int`,
  total_financiado: sql<string>`coalesce(sum(${solicitudes.montoTotal}) filter (where ${solicitudes.modalidadPago} = 'Financiado'), 0)::text`,
  total_contado: sql<string>`coalesce(sum(${solicitudes.montoTotal}) filter (where ${solicitudes.modalidadPago} = 'De Contado'), 0)::text`,
  total_ingresos: sql<string>`coalesce(sum(${paidOnContract}), 0)::text`,
};

/**
 * SPEC §2 screen 9 'Historial de ingresos': the per-supervisor/seller summary and the footer totals are
 * summed in SQL over every matching contract; the contracts table is paged.
 */
export async function incomeSummary(db: Db, filters: IncomeFilters) {
  const where = contractFilter(filters);
  const [bySeller, [totals], page] = await Promise.all([
    db
      .select({
        vendedor_id: solicitudes.vendedorId,
        vendedor_nombre: seller.nombre,
        supervisor_id: seller.supervisorId,
        supervisor_nombre: supervisor.nombre,
        ...sums,
      })
      .from(solicitudes)
      .innerJoin(seller, eq(seller.id, solicitudes.vendedorId))
      .leftJoin(supervisor, eq(supervisor.id, seller.supervisorId))
      .where(where)
      .groupBy(solicitudes.vendedorId, seller.nombre, seller.supervisorId, supervisor.nombre)
      .orderBy(supervisor.nombre, seller.nombre),
    db.select(sums).from(solicitudes).innerJoin(seller, eq(seller.id, solicitudes.vendedorId)).where(where),
    db
      .select({ id: solicitudes.id, pagado: paidOnContract })
      .from(solicitudes)
      .innerJoin(seller, eq(seller.id, solicitudes.vendedorId))
      .where(where)
      .orderBy(desc(solicitudes.fechaCreacion), desc(solicitudes.id))
      .limit(filters.per_page)
      .offset((filters.page - 1) * filters.per_page),
  ]);
  const contractIds = page.map((row) => row.id);
  const contratos = contractIds.length
    ? await loadRequests(db, {
        where: sql`${solicitudes.id} in ${contractIds}`,
        orderBy: [desc(solicitudes.fechaCreacion), desc(solicitudes.id)],
      })
    : [];
  const paidById = new Map(page.map((row) => [row.id, Number(row.pagado)]));
  return {
    vendedores: bySeller.map((row) => ({
      ...row,
      total_financiado: Number(row.total_financiado),
      total_contado: Number(row.total_contado),
      total_ingresos: Number(row.total_ingresos),
    })),
    contratos: contratos.map((contract) => ({ ...contract, total_pagado: paidById.get(contract.id) ?? 0 })),
    total_contratos: totals?.total_contratos ?? 0,
    totales: {
      total_contado: Number(totals?.total_contado ?? 0),
      total_financiado: Number(totals?.total_financiado ?? 0),
      suma_total_pagos: Number(totals?.total_ingresos ?? 0),
    },
    page: filters.page,
    per_page: filters.per_page,
  };
}
