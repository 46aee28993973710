import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, dashboardSeriesSchema } from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { getDashboardSeries } from './series-service';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/vendedores/ventas/dashboard',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      schema: {
        tags: ['Administración'],
        summary: 'Tarjetas de bienvenida',
        response: { 200: dashboardSchema },
      },
    },
    async () => getDashboard({ db: app.db }),
  );

  // Issue 15 (docs/decisions/030): the charts of both welcome pages, each role within its reach.
  routes.get(
    '/api/v1/vendedores/ventas/dashboard/series',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor'),
      schema: {
        tags: ['Administración', 'Ventas'],
        summary:
          'Series de los últimos 12 meses (Caracas): solicitudes por servicio, ingresos por moneda y cuotas que vencen, pagadas y vencidas',
        response: { 200: dashboardSeriesSchema },
      },
    },
    async (request) => getDashboardSeries({ db: app.db, actor: sessionOf(request), now: new Date() }),
  );
}
