import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { archivos } from './files';

/**
 * DESIGN §4.13: the company's receiving accounts, shown to every payer in bolívares and recorded on each payment
 * (`pagos.banco_receptor`). `es_demo` marks the example that `npm run demo` seeds: no fake value ships otherwise.
 */
export const cuentasReceptoras = pgTable(
  'cuentas_receptoras',
  {
    id: serial('id').primaryKey(),
    banco: text('banco').notNull(),
    titular: text('titular').notNull(),
    numeroCuenta: text('numero_cuenta').notNull(),
    rif: text('rif').notNull(),
    telefonoPagoMovil: text('telefono_pago_movil'),
    activa: boolean('activa').notNull().default(true),
    esDemo: boolean('es_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cuentas_receptoras_numero_cuenta_key').on(t.numeroCuenta)],
);

/**
 * Issue 14 Empresa: the company's letterhead (PDFs and e-mails), the contract's clauses and how many days before a
 * due date the reminder goes out. One row, created empty by the migration and edited on the settings screen.
 */
export const empresa = pgTable(
  'empresa',
  {
    id: smallint('id').primaryKey().default(1),
    nombre: text('nombre').notNull().default(''),
    rif: text('rif').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    telefonos: text('telefonos').notNull().default(''),
    email: text('email').notNull().default(''),
    logoArchivoId: uuid('logo_archivo_id').references(() => archivos.id, { onDelete: 'set null' }),
    clausulas: text('clausulas').notNull().default(''),
    diasRecordatorio: smallint('dias_recordatorio').notNull().default(3),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('empresa_unica_check', sql`${t.id} = 1`),
    check('empresa_dias_recordatorio_check', sql`${t.diasRecordatorio} between 0 and 60`),
  ],
);
