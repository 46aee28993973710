import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';

// Decision 028, the global search's tables (migration 0010): one search row per client, request, plot and niche,
// its text already folded (search-text.ts), kept by triggers in the transaction of every change and read by raw
// SQL in modules/buscar. No code path writes them. Declared here so drizzle-kit's snapshot matches the database.

/**
 * The trigram index on a search table's folded text. A GIN index's pending list is read whole by every search:
 * at 64 kB (the least) a search reads a few pages of it (migration 0010 has the figures).
 */
const textoIndex = (name: string, texto: ExtraConfigColumn) =>
  index(name).using('gin', texto.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 });

/**
 * The columns of every search row: the id of what it finds, the fields joined by a space and folded (what a text
 * is looked for in), and the fields a text equal to ranks first, as the search compares them.
 */
const searchRowColumns = () => ({
  id: integer('id').primaryKey(),
  texto: text('texto').notNull(),
  exactos: text('exactos').array().notNull(),
});

/** A client: name, cédula and phones. */
export const busquedaClientes = pgTable(
  'busqueda_clientes',
  {
    ...searchRowColumns(),
    /** The group's order, and the seller scope. */
    nombre: text('nombre').notNull(),
    vendedorId: integer('vendedor_id').notNull(),
  },
  (t) => [textoIndex('busqueda_clientes_texto_idx', t.texto)],
);

/** A request or contract: its numbers. */
export const busquedaSolicitudes = pgTable(
  'busqueda_solicitudes',
  {
    ...searchRowColumns(),
    /** The group's order (newest first), the seller scope, the client and which group (contract or not). */
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull(),
    vendedorId: integer('vendedor_id').notNull(),
    clienteId: integer('cliente_id').notNull(),
    contrato: boolean('contrato').notNull(),
  },
  (t) => [
    /** The requests and contracts of the clients found. */
    index('busqueda_solicitudes_cliente_idx').on(t.clienteId),
    textoIndex('busqueda_solicitudes_texto_idx', t.texto),
  ],
);

/** A plot: its code. */
export const busquedaParcelas = pgTable(
  'busqueda_parcelas',
  {
    ...searchRowColumns(),
    codigo: text('codigo').notNull(),
  },
  (t) => [textoIndex('busqueda_parcelas_texto_idx', t.texto)],
);

/** A niche: its code. */
export const busquedaNichos = pgTable(
  'busqueda_nichos',
  {
    ...searchRowColumns(),
    codigo: text('codigo').notNull(),
  },
  (t) => [textoIndex('busqueda_nichos_texto_idx', t.texto)],
);

/**
 * The first two letters of every word of every search row (migration 0021, decision 055), kept by triggers on the
 * four tables above. A two-letter text has no trigram inside a word, so the trigram index could only hand over
 * every row with a word starting so (21,593 clients for 'ro' at 100,000 contracts) before the search took 200;
 * this B-tree's range of one prefix stops at the 200th.
 */
export const busquedaPrefijos = pgTable(
  'busqueda_prefijos',
  {
    /** The search group: cliente, solicitud, contrato, parcela or nicho. */
    grupo: text('grupo').notNull(),
    prefijo: text('prefijo').notNull(),
    /** The seller scope: the client's or request's seller; 0 for plots and niches, which everyone looks up. */
    vendedorId: integer('vendedor_id').notNull(),
    id: integer('id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupo, t.prefijo, t.vendedorId, t.id] })],
);
