import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  INCOME_CONTRACT_CSV_HEADER,
  incomeListQuerySchema,
  incomeSummarySchema,
} from '@camposanto/domain';
import { replyWithCsv } from '../../lib/list-tools';
import { requireRoles } from '../../plugins/auth';
import { plainJsonSerializers } from '../../plugins/serializers';
import { incomeContractCsvRow, incomeContractsList, incomeSummary } from './service';

export async function ingresosRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/historial-ingresos-resumen',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      // incomeSummary builds exactly the schema's fields, in its order (decision 047): 111 KB over every seller.
      serializerCompiler: plainJsonSerializers({ validate: app.config.validateResponses }),
      schema: {
        tags: ['Ingresos'],
        summary: 'Resumen de ingresos por supervisor y vendedor, contratos y totales (sumados en SQL)',
        description:
          'q busca los contratos por cliente, cédula o número y orden los ordena (el resumen y los totales siguen siendo los de los filtros); formato=csv exporta todos los contratos del filtro.',
        querystring: incomeListQuerySchema,
        response: {
          200: incomeSummarySchema,
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (request.query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'historial-ingresos',
          header: INCOME_CONTRACT_CSV_HEADER,
          list: incomeContractsList({ db: app.db, query: request.query }),
          toRow: incomeContractCsvRow,
        });
      }
      return incomeSummary({ db: app.db, filters: request.query });
    },
  );
}
