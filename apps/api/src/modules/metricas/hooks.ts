import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pagos } from '../../db/schema';
import { createMetrics, type AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 16: the application's Prometheus metrics (modules/metricas, decision 027). */
    metrics: AppMetrics;
  }
}

/** What a successful business route did, read from its answer before it is serialised. */
type Fact = { kind: 'requests'; count: number } | { kind: 'contract' } | { kind: 'payment'; id: number };

/**
 * The business counters are taken from the routes' answers rather than from the services (decision 027):
 * one table here instead of a line in each service. Only 2xx answers count: the service committed.
 */
const BUSINESS_ROUTES: Record<string, (payload: unknown) => Fact | undefined> = {
  'POST /api/v1/solicitudes/': requestsOf,
  'POST /api/v1/solicitudes': requestsOf,
  'POST /api/previsivos': requestsOf,
  'POST /api/v1/admin/convertir-contrato': () => ({ kind: 'contract' }),
  'POST /api/reporte-pagos/guardar-pago': paymentOf,
  'POST /api/v1/cuotas/pago-cuota': paymentOf,
};

function requestsOf(payload: unknown): Fact | undefined {
  const items = (payload as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? { kind: 'requests', count: items.length } : undefined;
}

function paymentOf(payload: unknown): Fact | undefined {
  const id = (payload as { pago?: { id?: unknown } } | null)?.pago?.id;
  return typeof id === 'number' ? { kind: 'payment', id } : undefined;
}

/** The label of a request's route: its pattern, never the URL (ids would make a series each). */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Decorates `app.metrics` and times every answer, the not-found ones included. Called on the root instance
 * before the modules are registered, so that its hooks reach every route.
 */
export function registerMetrics(app: FastifyInstance): void {
  app.decorate('metrics', createMetrics(app.db));
  const facts = new WeakMap<FastifyRequest, Fact>();

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const read = BUSINESS_ROUTES[`${request.method} ${routeLabel(request)}`];
    const fact = read?.(payload);
    if (fact) facts.set(request, fact);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_code: reply.statusCode };
    app.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) app.metrics.httpErrors.inc(labels);
    const fact = facts.get(request);
    if (fact) await countBusiness(app, request, fact);
  });
}

async function countBusiness(app: FastifyInstance, request: FastifyRequest, fact: Fact): Promise<void> {
  if (fact.kind === 'requests') app.metrics.requestsCreated.inc(fact.count);
  else if (fact.kind === 'contract') app.metrics.contractsConverted.inc();
  else {
    // After the answer has left: the kind, currency and bolívares are the stored payment's.
    try {
      const [payment] = await app.db
        .select({ tipo: pagos.tipo, metodo: pagos.metodoPago, bolivares: pagos.bolivares })
        .from(pagos)
        .where(eq(pagos.id, fact.id));
      if (!payment) return;
      app.metrics.paymentsReported.inc({ tipo: payment.tipo, metodo: payment.metodo });
      const bolivares = Number(payment.bolivares);
      if (bolivares > 0) app.metrics.bolivaresReported.inc(bolivares);
    } catch (error) {
      request.log.warn({ err: error }, 'the reported payment could not be read for the metrics');
    }
  }
}
