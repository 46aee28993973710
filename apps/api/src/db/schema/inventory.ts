import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money, sqlList, updatedAt } from './columns';
import { planes } from './catalogue';
import { searchText } from './search-text';

/** SPEC §3 Plot inventory row. Seats move disponible → reservadas → vendidas/ocupadas. */
export const parcelas = pgTable(
  'parcelas',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    puestos: integer('puestos').notNull().default(3),
    disponible: integer('disponible').notNull().default(3),
    reservadas: integer('reservadas').notNull().default(0),
    ocupadas: integer('ocupadas').notNull().default(0),
    vendidas: integer('vendidas').notNull().default(0),
    planId: integer('plan_id').references(() => planes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Issue 15 global search: any part of the code (docs/decisions/028).
    index('parcelas_busqueda_idx').using('gin', sql`${searchText(t.codigo)} gin_trgm_ops`),
    check(
      'parcelas_conteos_check',
      sql`disponible >= 0 and reservadas >= 0 and ocupadas >= 0 and vendidas >= 0
        and disponible + reservadas + ocupadas + vendidas = puestos`,
    ),
  ],
);

export const NICHO_ESTADOS = ['disponible', 'reservado', 'vendido', 'ocupado'] as const;

/** SPEC §3 Columbarium niche. */
export const nichosColumbario = pgTable(
  'nichos_columbario',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    capilla: text('capilla'),
    lado: text('lado'),
    fila: text('fila'),
    columna: text('columna'),
    cantidadNichos: integer('cantidad_nichos').notNull().default(1),
    plan: text('plan'),
    descripcion: text('descripcion'),
    estado: text('estado').notNull().default('disponible'),
    mtoContado: money('mto_contado'),
    mtoFinanciado: money('mto_financiado'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nichos_columbario_estado_idx').on(t.estado),
    index('nichos_columbario_busqueda_idx').using('gin', sql`${searchText(t.codigo)} gin_trgm_ops`),
    check('nichos_columbario_estado_check', sql.raw(`estado in (${sqlList(NICHO_ESTADOS)})`)),
    check('nichos_columbario_cantidad_check', sql`cantidad_nichos >= 0`),
  ],
);
