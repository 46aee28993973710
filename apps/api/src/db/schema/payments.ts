import { sql } from 'drizzle-orm';
import {
  boolean,
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
    /**
     * Whether its 'vencida' reminder has been taken (a `recordatorios` row of that kind exists), kept by triggers on
     * recordatorios (migration 0018): the reminders job reads the overdue instalments still without one through
     * `cuotas_vencidas_sin_recordatorio_idx`, never every overdue instalment of the cemetery.
     */
    recordatorioVencida: boolean('recordatorio_vencida').notNull().default(false),
  },
  (t) => [
    uniqueIndex('cuotas_solicitud_numero_key').on(t.solicitudId, t.numero),
    index('cuotas_estado_vencimiento_idx').on(t.estadoPago, t.fechaVencimiento),
    // Issue 14 Cobranza: the overdue instalments of each contract, read without visiting the others.
    index('cuotas_vencidas_solicitud_idx')
      .on(t.solicitudId, t.fechaVencimiento, t.monto)
      .where(sql`estado_pago = 'vencido'`),
    index('cuotas_vencidas_sin_recordatorio_idx')
      .on(t.solicitudId, t.numero)
      .where(sql`estado_pago = 'vencido' and not recordatorio_vencida`),
    check('cuotas_estado_check', sql.raw(`estado_pago in (${sqlList(CUOTA_ESTADOS)})`)),
    check('cuotas_monto_check', sql`monto >= 0`),
  ],
);

export const PAGO_TIPOS = ['inicial', 'contado', 'cuota'] as const;
/** Issue 14: every reported payment waits for administración to check its receipt. */
export const PAGO_VERIFICACION = ['por_verificar', 'verificado', 'rechazado'] as const;
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
    estadoVerificacion: text('estado_verificacion').notNull().default('por_verificar'),
    motivoRechazo: text('motivo_rechazo'),
    verificadoPor: integer('verificado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    fechaVerificacion: timestamp('fecha_verificacion', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pagos_solicitud_idx').on(t.solicitudId, t.fechaPago),
    index('pagos_verificacion_idx').on(t.estadoVerificacion, t.fechaPago, t.id),
    // 'referencia repetida': the same issuing bank and reference, trimmed and without case, on another payment
    // that stands (apps/api/src/modules/verificacion-pagos).
    index('pagos_referencia_idx')
      .on(sql`lower(btrim(banco_emisor))`, sql`lower(btrim(referencia))`)
      .where(sql`referencia is not null and estado_verificacion <> 'rechazado'`),
    index('pagos_vendedor_fecha_idx').on(t.vendedorId, t.fechaPago, t.id),
    index('pagos_fecha_idx').on(t.fechaPago, t.id),
    // One initial (or cash) payment per request and one payment per instalment: a second report is a 409.
    // A rejected payment is undone, so it no longer holds its place: the seller reports it again.
    uniqueIndex('pagos_inicial_key')
      .on(t.solicitudId)
      .where(sql`cuota_id is null and estado_verificacion <> 'rechazado'`),
    uniqueIndex('pagos_cuota_key')
      .on(t.cuotaId)
      .where(sql`cuota_id is not null and estado_verificacion <> 'rechazado'`),
    check('pagos_tipo_check', sql.raw(`tipo in (${sqlList(PAGO_TIPOS)})`)),
    check('pagos_metodo_check', sql.raw(`metodo_pago in (${sqlList(PAGO_METODOS)})`)),
    check('pagos_verificacion_check', sql.raw(`estado_verificacion in (${sqlList(PAGO_VERIFICACION)})`)),
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

export const RECORDATORIO_TIPOS = ['previo', 'vencida', 'manual'] as const;

/**
 * Issue 14 Reminders: each e-mail sent to a client about their instalments. The automatic ones ('previo' N days
 * before a due date, 'vencida' when it falls overdue) are unique per instalment: the row is taken before the mail
 * is sent, so restarts and other instances never send one twice.
 */
export const recordatorios = pgTable(
  'recordatorios',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    cuotaId: integer('cuota_id').references(() => cuotas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    destinatario: text('destinatario').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recordatorios_solicitud_idx').on(t.solicitudId, t.enviadoEn),
    uniqueIndex('recordatorios_cuota_tipo_key')
      .on(t.cuotaId, t.tipo)
      .where(sql`tipo <> 'manual'`),
    check('recordatorios_tipo_check', sql.raw(`tipo in (${sqlList(RECORDATORIO_TIPOS)})`)),
  ],
);
