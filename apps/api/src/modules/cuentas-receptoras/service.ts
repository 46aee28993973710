import { asc, eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES, type ReceivingAccount, type ReceivingAccountValues } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { cuentasReceptoras } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';

type AccountRow = typeof cuentasReceptoras.$inferSelect;

const UNIQUE_NUMBER = 'cuentas_receptoras_numero_cuenta_key';

function toDto(row: AccountRow): ReceivingAccount {
  return {
    id: row.id,
    banco: row.banco,
    titular: row.titular,
    numero_cuenta: row.numeroCuenta,
    rif: row.rif,
    telefono_pago_movil: row.telefonoPagoMovil,
    activa: row.activa,
    es_demo: row.esDemo,
  };
}

function toColumns(values: ReceivingAccountValues) {
  return {
    banco: values.banco,
    titular: values.titular,
    numeroCuenta: values.numero_cuenta,
    rif: values.rif,
    telefonoPagoMovil: values.telefono_pago_movil,
    activa: values.activa,
  };
}

const summary = (account: ReceivingAccount) =>
  `${account.banco} ${account.numero_cuenta} (${account.titular}, ${account.rif}${
    account.telefono_pago_movil ? `, pago móvil ${account.telefono_pago_movil}` : ''
  })${account.activa ? '' : ', inactiva'}`;

const refuseDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error, UNIQUE_NUMBER)) throw conflict(SETTINGS_MESSAGES.cuentaDuplicada);
  throw error;
};

/** Issue 10: administración sees every account; the other roles only the active ones, which payers are shown. */
export async function listReceivingAccounts({
  db,
  onlyActive,
}: {
  db: Db;
  onlyActive: boolean;
}): Promise<ReceivingAccount[]> {
  const rows = await db
    .select()
    .from(cuentasReceptoras)
    .where(onlyActive ? eq(cuentasReceptoras.activa, true) : undefined)
    .orderBy(asc(cuentasReceptoras.id));
  return rows.map(toDto);
}

export async function createReceivingAccount({
  db,
  values,
  actor,
}: {
  db: Db;
  values: ReceivingAccountValues;
  actor: Actor;
}): Promise<ReceivingAccount> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(cuentasReceptoras).values(toColumns(values)).returning();
      const account = toDto(row!);
      await audit(tx, actor, {
        accion: 'crear_cuenta_receptora',
        descripcion: `Cuenta receptora agregada: ${summary(account)}`,
        entidad: 'cuenta_receptora',
        entidadId: account.id,
      });
      return account;
    })
    .catch(refuseDuplicate);
}

export async function updateReceivingAccount({
  db,
  id,
  values,
  actor,
}: {
  db: Db;
  id: number;
  values: ReceivingAccountValues;
  actor: Actor;
}): Promise<ReceivingAccount> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(cuentasReceptoras)
        .where(eq(cuentasReceptoras.id, id))
        .for('update');
      if (!before) throw notFound(SETTINGS_MESSAGES.cuentaNoEncontrada);
      // An account edited by administración is the installation's own, no longer the demo's example.
      const [row] = await tx
        .update(cuentasReceptoras)
        .set({ ...toColumns(values), esDemo: false, updatedAt: new Date() })
        .where(eq(cuentasReceptoras.id, id))
        .returning();
      const account = toDto(row!);
      await audit(tx, actor, {
        accion: 'actualizar_cuenta_receptora',
        descripcion: `Cuenta receptora actualizada: ${summary(toDto(before))} → ${summary(account)}`,
        entidad: 'cuenta_receptora',
        entidadId: id,
      });
      return account;
    })
    .catch(refuseDuplicate);
}

/**
 * Deletes the account (docs/decisions/013): payments keep the receiving bank they recorded, and the audit keeps
 * the account's details, so nothing of the history depends on the row.
 */
export async function deleteReceivingAccount({ db, id, actor }: { db: Db; id: number; actor: Actor }) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(cuentasReceptoras).where(eq(cuentasReceptoras.id, id)).returning();
    if (!row) throw notFound(SETTINGS_MESSAGES.cuentaNoEncontrada);
    await audit(tx, actor, {
      accion: 'eliminar_cuenta_receptora',
      descripcion: `Cuenta receptora eliminada: ${summary(toDto(row))}`,
      entidad: 'cuenta_receptora',
      entidadId: id,
    });
  });
}

/**
 * The receiving bank a payment records (`pagos.banco_receptor`): the first active account's. A payment with
 * bolívares needs one (issue 10), so the payer was shown where to pay; a payment in dollars records it when there is one.
 */
export async function receivingBankFor({
  db,
  method,
}: {
  db: Db;
  method: 'USD' | 'VES' | 'Ambos';
}): Promise<string | null> {
  const [account] = await db
    .select({ banco: cuentasReceptoras.banco })
    .from(cuentasReceptoras)
    .where(eq(cuentasReceptoras.activa, true))
    .orderBy(asc(cuentasReceptoras.id))
    .limit(1);
  if (!account && method !== 'USD') throw badRequest(SETTINGS_MESSAGES.sinCuentaActiva);
  return account?.banco ?? null;
}
