import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, sqlList } from './columns';
import { archivos } from './files';
import { solicitudes } from './sales';
import { usuarios, vendedores } from './users';

export const CUOTA_ESTADOS = ['pendiente', 'pagado', 'vencido'] as const;

/** DESIGN §4.7: the instalment schedule of a financed contract. */
export const cuotas = pgTable(
  'cuotas',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    numero: smallint('numero').notNull(),
    monto: money('monto').notNull(),
    fechaVencimiento: date('fecha_vencimiento').notNull(),
    estadoPago: text('estado_pago').notNull().default('pendiente'),
    fechaPago: timestamp('fecha_pago', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cuotas_solicitud_numero_key').on(t.solicitudId, t.numero),
    index('cuotas_estado_vencimiento_idx').on(t.estadoPago, t.fechaVencimiento),
    check('cuotas_estado_check', sql.raw(`estado_pago in (${sqlList(CUOTA_ESTADOS)})`)),
    check('cuotas_monto_check', sql`monto >= 0`),
  ],
);

export const PAGO_TIPOS = ['inicial', 'contado', 'cuota'] as const;
export const PAGO_METODOS = ['USD', 'VES', 'Ambos'] as const;

/** SPEC §3 Payment report: a reported payment with its receipts and the rate used. */
export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    cuotaId: integer('cuota_id').references(() => cuotas.id, { onDelete: 'cascade' }),
    vendedorId: integer('vendedor_id')
      .notNull()
      .references(() => vendedores.id),
    registradoPor: integer('registrado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    tipo: text('tipo').notNull(),
    metodoPago: text('metodo_pago').notNull(),
    metodoVes: text('metodo_ves'),
    divisas: money('divisas').notNull().default('0'),
    bolivares: money('bolivares').notNull().default('0'),
    dollarPrice: numeric('dollar_price', { precision: 14, scale: 4 }),
    montoPagado: money('monto_pagado').notNull(),
    montoRestante: money('monto_restante').notNull().default('0'),
    montoTotal: money('monto_total').notNull().default('0'),
    descuento: money('descuento').notNull().default('0'),
    bancoEmisor: text('banco_emisor'),
    bancoReceptor: text('banco_receptor'),
    referencia: text('referencia'),
    observaciones: text('observaciones'),
    comprobanteUsdId: uuid('comprobante_usd_id').references(() => archivos.id, { onDelete: 'set null' }),
    comprobanteVesId: uuid('comprobante_ves_id').references(() => archivos.id, { onDelete: 'set null' }),
    fechaPago: timestamp('fecha_pago', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pagos_solicitud_idx').on(t.solicitudId, t.fechaPago),
    index('pagos_vendedor_fecha_idx').on(t.vendedorId, t.fechaPago, t.id),
    index('pagos_fecha_idx').on(t.fechaPago, t.id),
    // One initial (or cash) payment per request and one payment per instalment: a second report is a 409.
    uniqueIndex('pagos_inicial_key')
      .on(t.solicitudId)
      .where(sql`cuota_id is null`),
    uniqueIndex('pagos_cuota_key')
      .on(t.cuotaId)
      .where(sql`cuota_id is not null`),
    check('pagos_tipo_check', sql.raw(`tipo in (${sqlList(PAGO_TIPOS)})`)),
    check('pagos_metodo_check', sql.raw(`metodo_pago in (${sqlList(PAGO_METODOS)})`)),
    check('pagos_montos_check', sql`divisas >= 0 and bolivares >= 0 and monto_pagado >= 0`),
  ],
);

/** DESIGN §4.9: exchange-rate history; the newest row is the rate in force. */
export const tasasCambio = pgTable(
  'tasas_cambio',
  {
    id: serial('id').primaryKey(),
    promedio: numeric('promedio', { precision: 14, scale: 4 }).notNull(),
    fuente: text('fuente').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasas_cambio_fecha_idx').on(t.fecha),
    check('tasas_cambio_fuente_check', sql`fuente in ('oficial', 'manual')`),
    check('tasas_cambio_promedio_check', sql`promedio > 0`),
  ],
);

/** Gap-free counters for request and contract numbers, taken under a row lock. */
export const correlativos = pgTable('correlativos', {
  clave: text('clave').primaryKey(),
  ultimo: integer('ultimo').notNull().default(0),
});
