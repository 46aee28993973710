import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  quote,
  toCents,
  type Client,
  type CreatedRequests,
  type MetodoPago,
  type Modalidad,
  type Quote,
} from '@camposanto/domain';
import type { Db } from '../../src/db/client';
import { cuotas, nichosColumbario, parcelas, planes } from '../../src/db/schema';
import { pricesOf } from '../../src/modules/planes/mappers';
import { seedCatalogue } from '../../src/seed/catalogue';
import { bearer, unique } from './auth';
import { SINGLE_URN_PLAN } from './fixtures';
import { multipartBody } from './multipart';

// Small builders of the sales data the contract, expiry and sales-list tests share: the seeded catalogue,
// clients and requests made through the API as a seller makes them, and inventory rows written directly.

export type PlanRow = typeof planes.$inferSelect;
export type CreatedRequest = CreatedRequests['items'][number];

/** Seeds the example catalogue (DESIGN §4.10) and answers a plan by its description. */
export async function seedPlans(db: Db): Promise<(descripcion: string) => PlanRow> {
  await seedCatalogue({ db });
  const rows = await db.select().from(planes);
  return (descripcion) => {
    const plan = rows.find((row) => row.descripcion === descripcion);
    if (!plan) throw new Error(`no plan ${descripcion}`);
    return plan;
  };
}

export type LineOptions = {
  plan: PlanRow;
  modalidad?: Modalidad;
  metodo?: MetodoPago;
  cuotas?: number;
  pagoInicial?: number;
  codigo?: string;
};

/** The domain's quote of a line, as the server prices it (DESIGN §4.2). */
export function quoteOf({
  plan,
  modalidad = 'De Contado',
  metodo = 'USD',
  cuotas,
  pagoInicial,
}: LineOptions) {
  return quote({
    plan: pricesOf(plan),
    modalidad,
    metodo,
    cuotas,
    pagoInicial: toCents(pagoInicial ?? 0),
  }) satisfies Quote;
}

/** One request of the generic forms (SPEC §3 Request sent) with a single line. */
export function requestBody(clienteId: number, line: LineOptions) {
  const modalidad = line.modalidad ?? 'De Contado';
  return {
    cliente_id: clienteId,
    tipo_servicio: line.plan.tipoServicio,
    modalidadPago: modalidad,
    detalles: [
      {
        plan_id: line.plan.id,
        metodoPago: line.metodo ?? 'USD',
        ...(line.codigo ? { codigo: line.codigo } : {}),
        ...(modalidad === 'Financiado'
          ? { cuotas: line.cuotas ?? 1, pagoInicial: line.pagoInicial ?? 0 }
          : {}),
      },
    ],
  };
}

/** POST /api/v1/solicitudes/ with an array of requests, as `token`; answers the created items (200 only). */
export async function postRequests(
  app: FastifyInstance,
  token: string,
  bodies: ReturnType<typeof requestBody>[],
): Promise<CreatedRequest[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes/',
    headers: bearer(token),
    payload: bodies,
  });
  if (response.statusCode !== 200)
    throw new Error(`requests refused: ${response.statusCode} ${response.body}`);
  return response.json<CreatedRequests>().items;
}

export async function postRequest(
  app: FastifyInstance,
  token: string,
  clienteId: number,
  line: LineOptions,
): Promise<CreatedRequest> {
  const [created] = await postRequests(app, token, [requestBody(clienteId, line)]);
  return created!;
}

/** POST /api/v1/clientes/ (multipart, without identity image) as the seller whose token is given. */
export async function createClientVia(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, string> = {},
): Promise<Client> {
  const n = unique();
  const fields: Record<string, string> = {
    nombre: `Cliente ${n}`,
    cedula: `V-${50000000 + n}`,
    fecha_nacimiento: '1975-03-09',
    telefono: '2125550000',
    celular: '04145550000',
    email: `cliente${n}@correo.com`,
    direccion: 'Av. Urdaneta, Caracas',
    ...overrides,
  };
  const { payload, headers } = await multipartBody(
    Object.entries(fields).map(([field, value]) => ({ field, value })),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/clientes/',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (response.statusCode !== 200) throw new Error(`client refused: ${response.statusCode} ${response.body}`);
  return response.json<Client>();
}

/** POST /api/v1/admin/convertir-contrato as `token`. */
export function convert(app: FastifyInstance, token: string, solicitudId: number | string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/convertir-contrato',
    headers: bearer(token),
    payload: { SolicitudId: solicitudId },
  });
}

export function expectConverted(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200)
    throw new Error(`conversion refused: ${response.statusCode} ${response.body}`);
  return response.json<{ numero_contrato: string }>().numero_contrato;
}

/** A plot of 3 seats with a valid, unused code (SPEC §5 format AXX-XX-XX); the seats not free are occupied. */
export async function insertPlot(db: Db, disponible = 3) {
  const n = unique();
  const pad = (value: number) => String(value % 100).padStart(2, '0');
  const codigo = `S${pad(Math.floor(n / 10_000))}-${pad(Math.floor(n / 100))}-${pad(n)}`;
  const [row] = await db
    .insert(parcelas)
    .values({ codigo, puestos: 3, disponible, ocupadas: 3 - disponible })
    .returning();
  return row!;
}

export async function insertNiche(db: Db) {
  const [row] = await db
    .insert(nichosColumbario)
    .values({ codigo: `CIE-${unique()}`, estado: 'disponible', cantidadNichos: 1, plan: SINGLE_URN_PLAN })
    .returning();
  return row!;
}

export async function findPlot(db: Db, id: number) {
  const [row] = await db.select().from(parcelas).where(eq(parcelas.id, id));
  return row!;
}

export async function findNiche(db: Db, id: number) {
  const [row] = await db.select().from(nichosColumbario).where(eq(nichosColumbario.id, id));
  return row!;
}

export function instalmentsOf(db: Db, solicitudId: number) {
  return db.select().from(cuotas).where(eq(cuotas.solicitudId, solicitudId)).orderBy(cuotas.numero);
}

type QueryableClient = { query: (...args: unknown[]) => unknown };

/**
 * Runs `work` and counts the SQL statements sent to the database meanwhile, by wrapping the `query` of the
 * driver's client (the PGlite instance, or the node-postgres pool); nothing else may run at the same time.
 */
export async function countStatements<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { $client: QueryableClient }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  // The class's own method, not what the client hands out: PGlite's client is a proxy that queues each `query`
  // for its turn (db/fair-turns.ts), and the counter runs inside that turn, so it must not queue another.
  const original = own ? client.query : (Object.getPrototypeOf(client) as QueryableClient).query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<QueryableClient>).query;
  }
}
