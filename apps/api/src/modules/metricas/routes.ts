import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, MSG } from '@camposanto/domain';
import { forbidden } from '../../lib/app-error';
import { metricsText } from './metrics';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const LOOPBACK = /^(?:::ffff:)?127\.\d+\.\d+\.\d+$|^::1$/;

/**
 * Issue 16, decision 027: `GET /metrics` in Prometheus's text format, for a scraper on the same machine or
 * one that presents METRICS_TOKEN. "The same machine" is the socket's address, never X-Forwarded-For, and
 * not a request that came through a reverse proxy (it carries a forwarding header): a proxy on the same host
 * connects from loopback on behalf of anybody.
 */
export async function metricasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/metrics',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['Métricas'],
        summary:
          'Métricas de Prometheus (formato de texto): solo desde la propia máquina o con Authorization: Bearer <METRICS_TOKEN>',
        response: { 200: z.string(), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!isLocal(request) && !hasToken(request, app.config.metricsToken)) {
        throw forbidden(MSG.metricasNoPermitidas);
      }
      return reply.type(app.metrics.registry.contentType).send(await metricsText(app.metrics));
    },
  );
}

function isLocal(request: FastifyRequest): boolean {
  const headers = request.headers;
  const isForwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && !isForwarded;
}

/** A constant-time comparison of the bearer token with METRICS_TOKEN (digests, so lengths never leak). */
function hasToken(request: FastifyRequest, expected: string | undefined): boolean {
  if (!expected) return false;
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(expected));
}
