import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
