import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { archivos } from './files';

/** SPEC §3 Plan: one row per sellable plan of a service, with its price table. */
export const planes = pgTable(
  'planes',
  {
    id: serial('id').primaryKey(),
    tipoServicio: text('tipo_servicio').notNull(),
    descripcion: text('descripcion').notNull(),
    puestos: integer('puestos'),
    deContadoBcv: money('de_contado_bcv'),
    deContado: money('de_contado'),
    financiado: money('financiado'),
    cuota1: money('cuota_1'),
    cuota2: money('cuota_2'),
    cuota3: money('cuota_3'),
    cuota4: money('cuota_4'),
    cuota5: money('cuota_5'),
    cuota6: money('cuota_6'),
    // DESIGN §4.1: true means offered for sale.
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('planes_tipo_servicio_idx').on(t.tipoServicio, t.isActive),
    check(
      'planes_precios_check',
      sql`coalesce(de_contado_bcv, 0) >= 0 and coalesce(de_contado, 0) >= 0 and coalesce(financiado, 0) >= 0
        and coalesce(cuota_1, 0) >= 0 and coalesce(cuota_2, 0) >= 0 and coalesce(cuota_3, 0) >= 0
        and coalesce(cuota_4, 0) >= 0 and coalesce(cuota_5, 0) >= 0 and coalesce(cuota_6, 0) >= 0
        and coalesce(puestos, 0) >= 0`,
    ),
  ],
);

/** SPEC §3 Funeral plan: chapel, wake and extras. */
export const planesFunerarios = pgTable(
  'planes_funerarios',
  {
    id: serial('id').primaryKey(),
    tipoServicio: text('tipo_servicio').notNull(),
    tipoCapilla: text('tipo_capilla').notNull(),
    tiempoVelacion: text('tiempo_velacion').notNull(),
    precioVelacion: money('precio_velacion'),
    preparacionDifuntoSencilla: money('preparacion_difunto_sencilla'),
    preparacionDifuntoEspecial: money('preparacion_difunto_especial'),
    preparacionDifuntoEmbalsamiento: money('preparacion_difunto_embalsamiento'),
    alquilerAtaudSencillo: money('alquiler_ataud_sencillo'),
    alquilerAtaudMejorado: money('alquiler_ataud_mejorado'),
    alquilerAtaudLujo: money('alquiler_ataud_lujo'),
    precioTraslado: money('precio_traslado'),
    puestos: integer('puestos'),
    deContado: money('de_contado'),
    financiado: money('financiado'),
    contadoDobles: money('contado_dobles'),
    financiadoDobles: money('financiado_dobles'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('planes_funerarios_tipo_idx').on(t.tipoServicio, t.isActive)],
);

/** Pre-need (previsivo) additional price of a relative by relationship code (SPEC §9) and age band. */
export const tarifasPrevisivo = pgTable(
  'tarifas_previsivo',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id, { onDelete: 'cascade' }),
    parentesco: smallint('parentesco').notNull(),
    edadMinima: smallint('edad_minima').notNull(),
    edadMaxima: smallint('edad_maxima').notNull(),
    monto: money('monto').notNull(),
  },
  (t) => [
    uniqueIndex('tarifas_previsivo_key').on(t.planId, t.parentesco, t.edadMinima),
    check('tarifas_previsivo_parentesco_check', sql`parentesco between 1 and 8`),
    check('tarifas_previsivo_edad_check', sql`edad_minima >= 0 and edad_maxima >= edad_minima`),
    check('tarifas_previsivo_monto_check', sql`monto >= 0`),
  ],
);

/** Map images shown by the sales forms: 'parcela' and 'columbario_lado1'..'columbario_lado4'. */
export const mapas = pgTable('mapas', {
  clave: text('clave').primaryKey(),
  archivoId: uuid('archivo_id')
    .notNull()
    .references(() => archivos.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
