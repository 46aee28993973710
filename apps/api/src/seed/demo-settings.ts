import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cuentasReceptoras, tasasCambio, usuarios } from '../db/schema';
import { audit } from '../lib/audit';
import { SYSTEM_ACTOR } from '../lib/actor';

/** `npm run demo` only: an example receiving account, marked as demo data, for the payment dialogs to show. */
const DEMO_ACCOUNT = {
  banco: 'Banco de Demostración',
  titular: 'Camposanto C.A. (DATOS DE DEMOSTRACIÓN)',
  numeroCuenta: '0000-0000-00-0000000000',
  rif: 'J-00000000-0',
  telefonoPagoMovil: '0414-0000000',
  esDemo: true,
};

/** An example rate, set "by hand" by the demo administrator, so bolívar payments can be tried offline. */
const DEMO_RATE = '36.5000';

/** Seeds the office's money settings of the demo when the installation has none (issue 10). */
export async function seedDemoSettings({ db: tx }: { db: Db }): Promise<void> {
  const [accounts] = await tx.select({ n: count() }).from(cuentasReceptoras);
  if (!accounts?.n) {
    const [account] = await tx.insert(cuentasReceptoras).values(DEMO_ACCOUNT).returning();
    await audit(tx, SYSTEM_ACTOR, {
      accion: 'crear_cuenta_receptora',
      descripcion: `Cuenta receptora de demostración agregada: ${DEMO_ACCOUNT.banco} ${DEMO_ACCOUNT.numeroCuenta}`,
      entidad: 'cuenta_receptora',
      entidadId: account!.id,
    });
  }
  const [rates] = await tx.select({ n: count() }).from(tasasCambio);
  if (!rates?.n) {
    const [admin] = await tx
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, 'admin@camposanto.local'));
    const [rate] = await tx
      .insert(tasasCambio)
      .values({ promedio: DEMO_RATE, fuente: 'manual', usuarioId: admin?.id ?? null })
      .returning();
    await audit(tx, SYSTEM_ACTOR, {
      accion: 'actualizar_tasa',
      descripcion: `Tasa de cambio de demostración fijada en ${DEMO_RATE} Bs.`,
      entidad: 'tasa_cambio',
      entidadId: rate!.id,
    });
  }
}
