import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

// Summaries kept by PostgreSQL triggers in the transaction of every change (migration 0002, decision 016):
// no code path writes them, so none can forget them. Sums are plain numeric: exact, and never too narrow.

/**
 * One row, the lock every summary change takes first (so summary rows are always locked in one order), and
 * the sum of every payment's `monto_pagado` but the rejected ones (the dashboard's 'Total Ingresos').
 */
export const resumenGeneral = pgTable(
  'resumen_general',
  {
    id: smallint('id').primaryKey().default(1),
    totalPagado: numeric('total_pagado').notNull().default('0'),
    /** Issue 14: the part of `total_pagado` whose receipts administración verified. */
    totalVerificado: numeric('total_verificado').notNull().default('0'),
  },
  () => [check('resumen_general_unica_check', sql`id = 1`)],
);

/**
 * How many requests are in each state and modality, and the sum of their `monto_total`: the dashboard's cards, the
 * totals of the lists and the footer of every contract of a modality (migration 0019).
 */
export const resumenSolicitudes = pgTable(
  'resumen_solicitudes',
  {
    estado: text('estado').notNull(),
    modalidadPago: text('modalidad_pago').notNull(),
    cantidad: integer('cantidad').notNull().default(0),
    montoTotal: numeric('monto_total').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'resumen_solicitudes_pkey', columns: [t.estado, t.modalidadPago] })],
);

/** What was paid on each request (sum of its payments' `monto_pagado`); no foreign key, so it outlives a cascade. */
export const pagadoSolicitud = pgTable('pagado_solicitud', {
  solicitudId: integer('solicitud_id').primaryKey(),
  totalPagado: numeric('total_pagado').notNull().default('0'),
  /** Migration 0012 (issue 14 §3): the part of `total_pagado` administración verified, as on every rollup below. */
  totalVerificado: numeric('total_verificado').notNull().default('0'),
});

/**
 * The columns every income rollup (month, year, day) keeps per seller and modality: how many contracts, their total,
 * what was paid on them and the part of it administración verified. A function: each table needs its own columns.
 */
const incomeRollupColumns = () => ({
  vendedorId: integer('vendedor_id').notNull(),
  modalidadPago: text('modalidad_pago').notNull(),
  contratos: integer('contratos').notNull().default(0),
  montoTotal: numeric('monto_total').notNull().default('0'),
  totalPagado: numeric('total_pagado').notNull().default('0'),
  totalVerificado: numeric('total_verificado').notNull().default('0'),
});

/**
 * The income summary's rollup: contracts per seller, modality and business month in Caracas (the month the
 * request was created, as the summary's date filter reads it), with their total and what was paid on them.
 */
export const resumenIngresos = pgTable(
  'resumen_ingresos',
  { ...incomeRollupColumns(), mes: date('mes').notNull() },
  (t) => [
    primaryKey({ name: 'resumen_ingresos_pkey', columns: [t.vendedorId, t.modalidadPago, t.mes] }),
    /** A range's whole months across every seller, read by index (migration 0012). */
    index('resumen_ingresos_mes_idx').on(t.mes),
  ],
);

/** The same rollup per business year ('YYYY-01-01'), kept from it by a trigger: whole years read a few rows. */
export const resumenIngresosAnual = pgTable(
  'resumen_ingresos_anual',
  { ...incomeRollupColumns(), anio: date('anio').notNull() },
  (t) => [
    primaryKey({ name: 'resumen_ingresos_anual_pkey', columns: [t.vendedorId, t.modalidadPago, t.anio] }),
  ],
);

/**
 * The same rollup over every year, kept from the yearly rows by a trigger (migration 0020): a summary without
 * dates reads one row per seller and modality, however many years the cemetery has sold.
 */
export const resumenIngresosTotal = pgTable('resumen_ingresos_total', incomeRollupColumns(), (t) => [
  primaryKey({ name: 'resumen_ingresos_total_pkey', columns: [t.vendedorId, t.modalidadPago] }),
]);

/**
 * Decision 016, the same rollup per business day in Caracas (migration 0012, kept by triggers): a date range's
 * edge days, beside its whole months and years, with the verified part of what was paid (issue 14 §3). Day first
 * in the key, so a range of days across every seller is one index range.
 */
export const resumenIngresosDia = pgTable(
  'resumen_ingresos_dia',
  { dia: date('dia').notNull(), ...incomeRollupColumns() },
  (t) => [primaryKey({ name: 'resumen_ingresos_dia_pkey', columns: [t.dia, t.vendedorId, t.modalidadPago] })],
);

/**
 * How many requests of each state and modality fall in each month (UTC) of the key a list is ordered by
 * (`campo`: fecha_creacion, fecha_conversion or fecha_vencimiento; 'infinity' for no date): a page number becomes
 * a position in one month, so a deep page skips at most one month of index entries.
 */
export const resumenPaginas = pgTable(
  'resumen_paginas',
  {
    campo: text('campo').notNull(),
    estado: text('estado').notNull(),
    modalidadPago: text('modalidad_pago').notNull(),
    mes: date('mes').notNull(),
    cantidad: integer('cantidad').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'resumen_paginas_pkey', columns: [t.campo, t.estado, t.modalidadPago, t.mes] })],
);

/**
 * Each request's lines as the request lists send them (a JSON array in line id order, the shape of Drizzle's
 * line row, amounts as text), rebuilt by the lines' trigger (migration 0015): a page reads 25 rows by key instead
 * of gathering 25 requests' lines (issue 12). No foreign key, like `pagado_solicitud`: the trigger removes a row
 * when its request's last line goes, cascade or truncate included.
 */
export const resumenDetalles = pgTable('resumen_detalles', {
  solicitudId: integer('solicitud_id').primaryKey(),
  detalles: json('detalles').notNull(),
});

/**
 * The changes to what a seller's unpaged list shows (GET /api/vendedor/contratos/{id}, decision 056): one row per
 * seller and writing transaction, appended by the triggers of migration 0022 on requests, clients, sellers and
 * lines, never updated, so writers never wait for each other here. The sum of `cambios` of a seller (and of
 * seller 0, every seller: a truncation) is that list's version. The periodic upkeep folds a seller's old rows
 * into one with their sum, which leaves the version as it was.
 */
export const vendedorCambios = pgTable(
  'vendedor_cambios',
  {
    vendedorId: integer('vendedor_id').notNull(),
    transaccion: bigint('transaccion', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    cambios: bigint('cambios', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ name: 'vendedor_cambios_pkey', columns: [t.vendedorId, t.transaccion] })],
);
