import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import {
  formatRate,
  RATE_HISTORY_DEFAULT_DAYS,
  rateProblem,
  SETTINGS_MESSAGES,
  type ExchangeRate,
  type RateHistoryEntry,
  type RateHistoryQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { tasasCambio, usuarios } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { SYSTEM_ACTOR, type Actor } from '../../lib/actor';
import { businessDate, businessDayStart, nextBusinessDayStart } from '../../lib/business-time';

type RateSource = RateHistoryEntry['fuente'];

/** A rate with the name of who set it (null for the official service). */
const rateColumns = {
  promedio: tasasCambio.promedio,
  fuente: tasasCambio.fuente,
  fecha: tasasCambio.fecha,
  usuario: usuarios.username,
};
type RateRow = { promedio: string; fuente: string; fecha: Date; usuario: string | null };

function toEntry(row: RateRow): RateHistoryEntry {
  return {
    promedio: Number(row.promedio),
    fuente: row.fuente as RateSource,
    fecha: row.fecha.toISOString(),
    usuario: row.usuario,
  };
}

const NO_RATE: ExchangeRate = { promedio: null, fuente: null, fecha: null, usuario: null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issue 10: the history's dates are Caracas business days, both included; by default the last 90 days. */
export function historyRange(query: RateHistoryQuery, now = new Date()): { from: Date; to: Date } {
  const hasta = query.hasta ?? businessDate(now);
  const desde =
    query.desde ??
    businessDate(new Date(businessDayStart(hasta).getTime() - RATE_HISTORY_DEFAULT_DAYS * DAY_MS));
  if (desde > hasta) throw badRequest(SETTINGS_MESSAGES.rangoFechas);
  return { from: businessDayStart(desde), to: nextBusinessDayStart(hasta) };
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
      .select(rateColumns)
      .from(tasasCambio)
      .leftJoin(usuarios, eq(usuarios.id, tasasCambio.usuarioId))
      .orderBy(desc(tasasCambio.fecha), desc(tasasCambio.id))
      .limit(1);
    return row ? toEntry(row) : NO_RATE;
  }

  /** Issue 10: the rates in force between two business dates, oldest first (the chart reads left to right). */
  async history(query: RateHistoryQuery): Promise<RateHistoryEntry[]> {
    const { from, to } = historyRange(query);
    const rows = await this.db
      .select(rateColumns)
      .from(tasasCambio)
      .leftJoin(usuarios, eq(usuarios.id, tasasCambio.usuarioId))
      .where(and(gte(tasasCambio.fecha, from), lt(tasasCambio.fecha, to)))
      .orderBy(asc(tasasCambio.fecha), asc(tasasCambio.id));
    return rows.map(toEntry);
  }

  async setManual({ promedio, actor }: { promedio: number; actor: Actor }): Promise<ExchangeRate> {
    const problem = rateProblem(promedio);
    if (problem) throw badRequest(problem);
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(tasasCambio)
        .values({ promedio: promedio.toFixed(4), fuente: 'manual', usuarioId: actor.id })
        .returning();
      await audit(tx, actor, {
        accion: 'actualizar_tasa',
        descripcion: `Tasa de cambio fijada manualmente en ${formatRate(promedio)}`,
        entidad: 'tasa_cambio',
        entidadId: inserted?.id,
      });
      return inserted!;
    });
    return toEntry({ ...row, usuario: actor.username });
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
        descripcion: `Tasa oficial actualizada a ${formatRate(promedio)}`,
        entidad: 'tasa_cambio',
        entidadId: inserted?.id,
      });
      return inserted!;
    });
    return toEntry({ ...row, usuario: null });
  }
}
