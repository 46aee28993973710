import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Decision 016, "Page maps of plots and audit" (migration 0011, kept by triggers): plots per code prefix
 * (`parcela_prefijo`: the first three characters), so a page of the list by code skips at most one prefix of
 * index entries.
 */
export const resumenParcelasPrefijos = pgTable('resumen_parcelas_prefijos', {
  prefijo: text('prefijo').primaryKey(),
  cantidad: integer('cantidad').notNull().default(0),
});

/** The same for the audit list, newest first: audit rows per business day in Caracas (`auditoria_dia`). */
export const resumenAuditoriaDias = pgTable('resumen_auditoria_dias', {
  dia: date('dia').primaryKey(),
  cantidad: integer('cantidad').notNull().default(0),
});
