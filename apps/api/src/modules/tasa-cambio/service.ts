import { desc } from 'drizzle-orm';
import type { ExchangeRate } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { tasasCambio } from '../../db/schema';
import { audit, SYSTEM_ACTOR, type Actor } from '../../lib/audit';

type RateRow = typeof tasasCambio.$inferSelect;

function toDto(row: RateRow | undefined): ExchangeRate {
  return row
    ? {
        promedio: Number(row.promedio),
        fuente: row.fuente as 'oficial' | 'manual',
        fecha: row.fecha.toISOString(),
      }
    : { promedio: null, fuente: null, fecha: null };
}

/**
 * DESIGN §4.9: the rate in force is the newest of the history (official or manual). It is read from the
 * database each time (one indexed row), so every instance sharing a PostgreSQL database answers the same.
 */
export class ExchangeRateService {
  constructor(
    private readonly db: Db,
    private readonly rateUrl: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async getCurrent(): Promise<ExchangeRate> {
    const [row] = await this.db
      .select()
      .from(tasasCambio)
      .orderBy(desc(tasasCambio.fecha), desc(tasasCambio.id))
      .limit(1);
    return toDto(row);
  }

  async setManual({ promedio, actor }: { promedio: number; actor: Actor }): Promise<ExchangeRate> {
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(tasasCambio)
        .values({ promedio: promedio.toFixed(4), fuente: 'manual', usuarioId: actor.id })
        .returning();
      await audit(tx, actor, {
        accion: 'actualizar_tasa',
        descripcion: `Tasa de cambio fijada manualmente en ${promedio.toFixed(2)} Bs.`,
        entidad: 'tasa_cambio',
        entidadId: inserted?.id,
      });
      return inserted;
    });
    return toDto(row);
  }

  /**
   * Fetches the official rate (a DolarApi-style `promedio`). On any failure the last known rate stays in
   * force; nothing is fetched when RATE_URL is unset (tests, offline installations).
   */
  async refreshOfficial(): Promise<ExchangeRate | undefined> {
    if (!this.rateUrl) return undefined;
    const response = await this.fetchImpl(this.rateUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`rate service answered ${response.status}`);
    const body = (await response.json()) as { promedio?: unknown };
    const promedio = Number(body.promedio);
    if (!Number.isFinite(promedio) || promedio <= 0)
      throw new Error('rate service answered no valid promedio');
    const previous = await this.getCurrent();
    if (previous.fuente === 'oficial' && previous.promedio === Number(promedio.toFixed(4))) return previous;
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(tasasCambio)
        .values({ promedio: promedio.toFixed(4), fuente: 'oficial' })
        .returning();
      await audit(tx, SYSTEM_ACTOR, {
        accion: 'actualizar_tasa',
        descripcion: `Tasa oficial actualizada a ${promedio.toFixed(2)} Bs.`,
        entidad: 'tasa_cambio',
        entidadId: inserted?.id,
      });
      return inserted;
    });
    return toDto(row);
  }
}
