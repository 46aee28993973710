import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer, the not-found ones and the web app's files included. The middleware
 * is built once, here: @fastify/helmet built it again on every request, parsing the whole content security policy
 * each time, which cost as much as verifying the request's token (issue 12, decision 039).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
