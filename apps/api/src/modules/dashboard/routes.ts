import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@camposanto/domain';
import { requireRoles } from '../../plugins/auth';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
