import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { usuarios } from './users';

export const FILE_CATEGORIES = ['documento_identidad', 'comprobante', 'mapa', 'logo'] as const;

/** Stored files (identity documents, receipts, maps). The disk name is generated, never the client's. */
export const archivos = pgTable(
  'archivos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoria: text('categoria').notNull(),
    rutaAlmacenada: text('ruta_almacenada').notNull().unique(),
    nombreOriginal: text('nombre_original').notNull(),
    tipoMime: text('tipo_mime').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    subidoPor: integer('subido_por').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  () => [check('archivos_categoria_check', sql.raw(`categoria in (${sqlList(FILE_CATEGORIES)})`))],
);
