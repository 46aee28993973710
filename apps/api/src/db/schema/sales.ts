import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, sqlList, updatedAt } from './columns';
import { archivos } from './files';
import { nichosColumbario, parcelas } from './inventory';
import { planes, planesFunerarios } from './catalogue';
import { usuarios, vendedores } from './users';
import { orEmpty, searchText } from './search-text';

/** SPEC §3 Client. Age is computed from fecha_nacimiento, never stored. */
export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    vendedorId: integer('vendedor_id')
      .notNull()
      .references(() => vendedores.id),
    nombre: text('nombre').notNull(),
    cedula: text('cedula').notNull().unique(),
    fechaNacimiento: date('fecha_nacimiento'),
    telefono: text('telefono'),
    celular: text('celular'),
    email: text('email'),
    direccion: text('direccion'),
    nombreDocumento: text('nombre_documento'),
    documentoId: uuid('documento_id').references(() => archivos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Issue 12: the client's contracts, kept by the triggers of migration 0017 in the transaction of every change
     * to their requests; the contracts lists read their clients from the index below, not request by request.
     */
    contratos: integer('contratos').notNull().default(0),
  },
  (t) => [
    index('clientes_vendedor_idx').on(t.vendedorId, t.nombre, t.id),
    // A seller's clients with contracts, in name order (Contratos, issue 12).
    index('clientes_con_contratos_idx')
      .on(t.vendedorId, t.nombre, t.id)
      .where(sql`${t.contratos} > 0`),
    // Everyone's clients in name order (an administrator's sales lists).
    index('clientes_nombre_idx').on(t.nombre, t.id),
    // Issue 15 global search: name, cédula and phones, any part of them (docs/decisions/028).
    index('clientes_busqueda_idx').using(
      'gin',
      sql`${searchText(t.nombre, t.cedula, orEmpty(t.telefono), orEmpty(t.celular))} gin_trgm_ops`,
    ),
  ],
);

export const SOLICITUD_ESTADOS = ['solicitud', 'contrato', 'caducada'] as const;
export const ESTADOS_PAGO = ['pendiente', 'inicial_pagada', 'pagado'] as const;
export const MODALIDADES = ['De Contado', 'Financiado'] as const;
export const METODOS_PAGO = ['USD', 'VES'] as const;

/** SPEC §3 Solicitud/contract: a request becomes a contract in place (estado, numero_contrato). */
export const solicitudes = pgTable(
  'solicitudes',
  {
    id: serial('id').primaryKey(),
    numeroSolicitud: text('numero_solicitud').notNull().unique(),
    numeroContrato: text('numero_contrato').unique(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id),
    vendedorId: integer('vendedor_id')
      .notNull()
      .references(() => vendedores.id),
    supervisorId: integer('supervisor_id').references(() => vendedores.id, { onDelete: 'set null' }),
    creadoPor: integer('creado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    tipoServicio: text('tipo_servicio').notNull(),
    descripcion: text('descripcion'),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaVencimiento: timestamp('fecha_vencimiento', { withTimezone: true }).notNull(),
    fechaConversion: timestamp('fecha_conversion', { withTimezone: true }),
    estado: text('estado').notNull().default('solicitud'),
    estadoPago: text('estado_pago').notNull().default('pendiente'),
    modalidadPago: text('modalidad_pago').notNull(),
    metodoPago: text('metodo_pago').notNull().default('USD'),
    precioPlan: money('precio_plan').notNull().default('0'),
    montoTotal: money('monto_total').notNull().default('0'),
    descuento: money('descuento').notNull().default('0'),
    precioConDescuento: money('precio_con_descuento').notNull().default('0'),
    emailEnviado: boolean('email_enviado').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Each list's filter and order (issue 12): a page is read from an index, never sorted. Ascending on purpose:
    // read backwards they give `desc` with nulls first, which is what `order by x desc` asks; a `desc nulls last`
    // index does not match it, and PostgreSQL then sorts the whole table.
    // The state last: a seller's count and page by state read the index alone, not each row (issue 12).
    index('solicitudes_vendedor_idx').on(t.vendedorId, t.fechaCreacion, t.id, t.estado),
    index('solicitudes_supervisor_idx').on(t.supervisorId),
    index('solicitudes_creado_por_idx').on(t.creadoPor),
    // The state last too: whether a client has a contract (a seller's contracts list, its count and pages) is
    // read from the index alone, not from each client's rows (issue 12, migration 0016).
    index('solicitudes_cliente_idx').on(t.clienteId, t.fechaCreacion, t.id, t.estado),
    index('solicitudes_estado_idx').on(t.estado, t.fechaCreacion, t.id),
    index('solicitudes_admin_lista_idx')
      .on(t.fechaCreacion, t.id)
      .where(sql`estado in ('solicitud', 'contrato')`),
    index('solicitudes_contratos_conversion_idx')
      .on(t.fechaConversion, t.id)
      .where(sql`estado = 'contrato'`),
    index('solicitudes_estado_modalidad_conversion_idx').on(
      t.estado,
      t.modalidadPago,
      t.fechaConversion,
      t.id,
    ),
    index('solicitudes_caducadas_idx')
      .on(t.fechaVencimiento, t.id)
      .where(sql`estado = 'caducada'`),
    // Covering the income summary's filters and sums, so its page and its edge days are index-only scans.
    index('solicitudes_contratos_creacion_idx')
      .on(t.fechaCreacion, t.id, t.vendedorId, t.modalidadPago, t.montoTotal)
      .where(sql`estado = 'contrato'`),
    index('solicitudes_contratos_vendedor_idx')
      .on(t.vendedorId, t.fechaCreacion, t.id)
      .where(sql`estado = 'contrato'`),
    index('solicitudes_contratos_modalidad_idx')
      .on(t.modalidadPago, t.fechaCreacion, t.id)
      .where(sql`estado = 'contrato'`),
    // A seller's financed contracts, newest conversion first (Cuotas for a seller or a supervisor).
    index('solicitudes_financiados_vendedor_idx')
      .on(t.vendedorId, t.fechaConversion, t.id)
      .where(sql`estado = 'contrato' and modalidad_pago = 'Financiado'`),
    index('solicitudes_vencimiento_idx')
      .on(t.fechaVencimiento)
      .where(sql`estado = 'solicitud' and estado_pago = 'pendiente'`),
    // Issue 15 global search: the request and contract numbers (docs/decisions/028).
    index('solicitudes_busqueda_idx').using(
      'gin',
      sql`${searchText(t.numeroSolicitud, orEmpty(t.numeroContrato))} gin_trgm_ops`,
    ),
    check('solicitudes_estado_check', sql.raw(`estado in (${sqlList(SOLICITUD_ESTADOS)})`)),
    check('solicitudes_estado_pago_check', sql.raw(`estado_pago in (${sqlList(ESTADOS_PAGO)})`)),
    check('solicitudes_modalidad_check', sql.raw(`modalidad_pago in (${sqlList(MODALIDADES)})`)),
    check('solicitudes_metodo_check', sql.raw(`metodo_pago in (${sqlList(METODOS_PAGO)})`)),
    check('solicitudes_contrato_check', sql`(estado = 'contrato') = (numero_contrato is not null)`),
  ],
);

/** SPEC §3 Detalle: one priced line of a request. */
export const solicitudDetalles = pgTable(
  'solicitud_detalles',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => planes.id),
    planFunerarioId: integer('plan_funerario_id').references(() => planesFunerarios.id),
    parcelaId: integer('parcela_id').references(() => parcelas.id),
    nichoId: integer('nicho_id').references(() => nichosColumbario.id),
    tipoServicio: text('tipo_servicio').notNull(),
    codigo: text('codigo'),
    descripcion: text('descripcion'),
    modalidadPago: text('modalidad_pago').notNull(),
    metodoPago: text('metodo_pago').notNull().default('USD'),
    tipoMoneda: text('tipo_moneda'),
    pagoInicial: money('pago_inicial').notNull().default('0'),
    cuotas: smallint('cuotas').notNull().default(0),
    montoPorCuota: money('monto_por_cuota').notNull().default('0'),
    precioFinanciado: money('precio_financiado').notNull().default('0'),
    descuento: money('descuento').notNull().default('0'),
    precioConDescuento: money('precio_con_descuento').notNull().default('0'),
    precioPlan: money('precio_plan').notNull().default('0'),
    precioTotal: money('precio_total').notNull().default('0'),
    estadoPago: text('estado_pago').notNull().default('pendiente'),
    detallesAdicionales: jsonb('detalles_adicionales').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('solicitud_detalles_solicitud_idx').on(t.solicitudId),
    check('solicitud_detalles_cuotas_check', sql`cuotas between 0 and 24`),
    check('solicitud_detalles_montos_check', sql`pago_inicial >= 0 and precio_total >= 0 and descuento >= 0`),
  ],
);

export const RESERVA_ESTADOS = ['activa', 'liberada', 'vendida'] as const;

/** A seat of a plot or a niche held by a request (DESIGN §4.5); given back on expiry or deletion. */
export const reservas = pgTable(
  'reservas',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    detalleId: integer('detalle_id').references(() => solicitudDetalles.id, { onDelete: 'cascade' }),
    parcelaId: integer('parcela_id').references(() => parcelas.id),
    nichoId: integer('nicho_id').references(() => nichosColumbario.id),
    puestos: integer('puestos').notNull().default(1),
    estado: text('estado').notNull().default('activa'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservas_solicitud_idx').on(t.solicitudId),
    index('reservas_parcela_idx').on(t.parcelaId),
    index('reservas_nicho_idx').on(t.nichoId),
    index('reservas_detalle_idx').on(t.detalleId),
    // DESIGN §4.5: a niche is held by at most one live request, whatever the application does.
    uniqueIndex('reservas_nicho_activa_key')
      .on(t.nichoId)
      .where(sql`estado = 'activa' and nicho_id is not null`),
    check('reservas_objeto_check', sql`(parcela_id is null) <> (nicho_id is null)`),
    check('reservas_estado_check', sql.raw(`estado in (${sqlList(RESERVA_ESTADOS)})`)),
    check('reservas_puestos_check', sql`puestos > 0`),
  ],
);

/** SPEC §3 Funeral request deceased (difuntos). */
export const difuntos = pgTable(
  'difuntos',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    cedula: text('cedula'),
    fechaNacimiento: date('fecha_nacimiento'),
    parentesco: text('parentesco'),
    fechaDefuncion: date('fecha_defuncion'),
    causaDefuncion: text('causa_defuncion'),
    direccionDefuncion: text('direccion_defuncion'),
  },
  (t) => [index('difuntos_solicitud_idx').on(t.solicitudId)],
);

/** SPEC §3 Familiar: relatives associated with a pre-need (previsivo) contract. */
export const familiares = pgTable(
  'familiares',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    cedula: text('cedula'),
    fechaNacimiento: date('fecha_nacimiento'),
    parentesco: smallint('parentesco').notNull(),
    precio: money('precio').notNull().default('0'),
    nombreDocumento: text('nombre_documento'),
    documentoId: uuid('documento_id').references(() => archivos.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('familiares_solicitud_idx').on(t.solicitudId),
    check('familiares_parentesco_check', sql`parentesco between 1 and 8`),
  ],
);

/** SPEC §3 Authorised person: at most 2 per contract (enforced by the service under a row lock). */
export const autorizados = pgTable(
  'autorizados',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    cedula: text('cedula').notNull(),
    direccion: text('direccion'),
    fechaNacimiento: date('fecha_nacimiento'),
    telefono: text('telefono'),
    celular: text('celular'),
    email: text('email'),
    nombreDocumento: text('nombre_documento'),
    documentoId: uuid('documento_id').references(() => archivos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('autorizados_solicitud_idx').on(t.solicitudId)],
);
