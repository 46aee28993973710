import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type CreatedRequests } from '@camposanto/domain';
import { openDatabase, type Database } from '../src/db/client';
import { clientes, pagos, parcelas, planes, reservas, solicitudes } from '../src/db/schema';
import { bearer, PASSWORD, unique } from './helpers/auth';
import { httpInjector } from './helpers/http-inject';
import { multipartBody } from './helpers/multipart';
import { expectStatus, PDF_BYTES, reportPayment, setRate } from './helpers/payment-fixtures';
import type { TestS3 } from './helpers/s3-server';
import { createClientVia, insertPlot, postRequest, type PlanRow } from './helpers/sales-fixtures';
import { salesTeam, type SalesTeam } from './helpers/sales-team';
import {
  freePort,
  startServer,
  stopServer,
  waitForHealth,
  type ServerProcess,
} from './helpers/server-process';

// Issue 16: three API processes on one PostgreSQL database and one S3-compatible server, called in turn
// (round-robin) as a load balancer would. Only on PostgreSQL (PGlite belongs to one process): CI's PostgreSQL run.

const BASE_URL = process.env.DATABASE_URL;
const INSTANCES = 3;

let database: { name: string; url: string } | undefined;
let db: Database | undefined;
let s3: TestS3 | undefined;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!BASE_URL)('three instances on one PostgreSQL (needs DATABASE_URL)', () => {
  let instance: ReturnType<typeof httpInjector>[];
  /** Each call to the next instance in turn. */
  let roundRobin: ReturnType<typeof httpInjector>;
  let team: SalesTeam;
  let cremacion: PlanRow;

  beforeAll(async () => {
    const name = `camposanto_instancias_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(BASE_URL!);
    url.pathname = `/${name}`;
    database = { name, url: url.toString() };
    // Imported here: the S3 server and the AWS SDK are loaded only when this test runs.
    const { startS3Server } = await import('./helpers/s3-server');
    s3 = await startS3Server();
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      // One secret: a token signed by one instance is accepted by the others.
      JWT_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: 'true',
      // The shared sign-in counts: ten failures refuse an address; short delays keep the test fast.
      LOGIN_ADDRESS_MAX_FAILURES: '10',
      LOGIN_DELAY_BASE_MS: '1',
      LOGIN_DELAY_MAX_MS: '5',
      LOGIN_RATE_PER_MINUTE: '10000',
    };
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    // Started together on an empty database: one migrates and seeds, the others wait for its lock.
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-instancia-'));
      dataDirs.push(dataDir);
      servers.push(startServer(dataDir, port, env));
    }
    await Promise.all(servers.map((server) => waitForHealth(server)));
    instance = servers.map((server) => httpInjector([server.url]));
    roundRobin = httpInjector(servers.map((server) => server.url));
    db = await openDatabase({ databaseUrl: database.url });
    team = await salesTeam(roundRobin);
    await setRate(roundRobin, team.admin, 36.5);
    const [plan] = await db.db.select().from(planes).where(eq(planes.descripcion, 'Cremación Básica'));
    cremacion = plan!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await db?.close();
    await s3?.close();
    if (database) await adminQuery(`drop database if exists ${database.name} with (force)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('migrates and seeds the catalogue once when the three start together', async () => {
    const [{ total, distinct } = { total: 0, distinct: 0 }] = await db!.db
      .select({
        total: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct (${planes.tipoServicio}, ${planes.descripcion}))::int`,
      })
      .from(planes);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(distinct);
  });

  it('gives the last seat of a plot to exactly one of 60 concurrent requests spread over the instances', async () => {
    const plot = await insertPlot(db!.db, 1);
    const [plotPlan] = await db!.db
      .select()
      .from(planes)
      .where(eq(planes.descripcion, 'Parcela Jardín (3 puestos)'));
    const client = await createClientVia(roundRobin, team.seller.token);

    const responses = await Promise.all(
      Array.from({ length: 60 }, () =>
        roundRobin.inject({
          method: 'POST',
          url: '/api/v1/solicitudes/',
          headers: bearer(team.seller.token),
          payload: [
            {
              cliente_id: client.id,
              tipo_servicio: 'parcelas',
              modalidadPago: 'De Contado',
              detalles: [{ plan_id: plotPlan!.id, codigo: plot.codigo, metodoPago: 'USD' }],
            },
          ],
        }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(59);
    const [after] = await db!.db.select().from(parcelas).where(eq(parcelas.id, plot.id));
    expect(after).toMatchObject({ disponible: 0, reservadas: 1 });
    const held = await db!.db.select().from(reservas).where(eq(reservas.parcelaId, plot.id));
    const winner = responses.find((response) => response.statusCode === 200)!.json<CreatedRequests>();
    expect(held.map((row) => row.solicitudId)).toEqual([winner.items[0]!.id]);
  }, 60_000);

  it('serves through instance 3, byte for byte, a receipt uploaded through instance 1', async () => {
    const request = await postRequest(roundRobin, team.seller.token, await clientId(), {
      plan: cremacion,
      metodo: 'USD',
    });
    const receipt = Buffer.concat([PDF_BYTES, randomBytes(256 * 1024)]);

    const saved = await reportPayment(
      instance[0]!,
      team.seller.token,
      { solicitud_id: request.id, metodoPago: 'USD' },
      [{ field: 'comprobante_usd', filename: 'comprobante.pdf', content: receipt, type: 'application/pdf' }],
    );
    const paymentId = expectStatus(saved, 200).json<{ pago: { id: number } }>().pago.id;
    const downloaded = await fetch(`${servers[2]!.url}/api/v1/pagos/${paymentId}/comprobante/usd`, {
      headers: bearer(team.admin),
    });

    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(receipt)).toBe(true);
  }, 30_000);

  it('uses a manual rate set on instance 2 for a payment in bolívares on instance 1 within a second', async () => {
    const request = await postRequest(roundRobin, team.seller.token, await clientId(), {
      plan: cremacion,
      metodo: 'VES',
    });
    // Instance 1 reads the rate in force first, so that a copy it kept would show.
    expectStatus(await instance[0]!.inject({ url: '/api/v1/tasa-cambio', headers: bearer(team.admin) }), 200);
    const rate = 40 + (unique() % 50) + 0.1234;

    const setAt = Date.now();
    expectStatus(
      await instance[1]!.inject({
        method: 'PUT',
        url: '/api/v1/tasa-cambio',
        headers: bearer(team.admin),
        payload: { promedio: rate },
      }),
      200,
    );
    const saved = await reportPayment(
      instance[0]!,
      team.seller.token,
      {
        solicitud_id: request.id,
        metodoPago: 'VES',
        banco_emisor: 'Banco Plaza',
        referencia: `${unique()}77`,
      },
      [
        {
          field: 'comprobante_ves',
          filename: 'comprobante.pdf',
          content: PDF_BYTES,
          type: 'application/pdf',
        },
      ],
    );
    const elapsed = Date.now() - setAt;

    const paymentId = expectStatus(saved, 200).json<{ pago: { id: number } }>().pago.id;
    expect(elapsed).toBeLessThan(1000);
    const [payment] = await db!.db.select().from(pagos).where(eq(pagos.id, paymentId));
    expect(Number(payment!.dollarPrice)).toBe(rate);
  }, 30_000);

  it("adds up, over the three instances' /metrics, to the requests and payments the database holds", async () => {
    const [requests, payments] = await Promise.all(
      [solicitudes, pagos].map(async (table) => {
        const [row] = await db!.db.select({ n: count() }).from(table);
        return row!.n;
      }),
    );
    // Scraped from loopback: each instance's own counts, summed as Prometheus would.
    const total = async (metric: string) => {
      const texts = await Promise.all(
        servers.map(async (server) => (await fetch(`${server.url}/metrics`)).text()),
      );
      const line = new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'gm');
      return texts.reduce(
        (sum, text) => sum + [...text.matchAll(line)].reduce((acc, match) => acc + Number(match[1]), 0),
        0,
      );
    };

    expect(requests).toBeGreaterThan(0);
    expect(await total('camposanto_requests_created_total')).toBe(requests);
    // A payment is counted once its answer has left.
    await expect.poll(() => total('camposanto_payments_reported_total')).toBe(payments);
  });

  it('counts ten failed sign-ins of one address spread over the instances together', async () => {
    const address = `198.51.100.${unique() % 250}`;
    const attempt = (target: ReturnType<typeof httpInjector>, password: string) =>
      target.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        payload: new URLSearchParams({ username: team.seller.email, password }).toString(),
      });

    for (let n = 0; n < 10; n += 1) {
      expect((await attempt(roundRobin, 'Clave-equivocada-1')).statusCode).toBe(401);
    }
    // Each instance saw three or four of them: only counts kept together reach ten.
    const refused = await Promise.all(instance.map((target) => attempt(target, PASSWORD)));

    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ detail: MSG.demasiadosIntentos });
    }
  }, 30_000);

  it('loses no acknowledged write when an instance is killed with SIGKILL in the middle of a burst', async () => {
    const TOTAL = 200;
    const KILL_AFTER = 60;
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    const victim = servers[1]!;
    const worker = async () => {
      while (next < TOTAL) {
        next += 1;
        const cedula = `V-${70_000_000 + unique()}`;
        const { payload, headers } = await multipartBody(
          Object.entries({
            nombre: `Cliente de la ráfaga ${cedula}`,
            cedula,
            fecha_nacimiento: '1980-01-01',
            telefono: '2125550000',
            celular: '04145550000',
            email: `rafaga${cedula.slice(2)}@correo.com`,
            direccion: 'Av. Urdaneta, Caracas',
          }).map(([field, value]) => ({ field, value })),
        );
        try {
          const response = await roundRobin.inject({
            method: 'POST',
            url: '/api/v1/clientes/',
            payload,
            headers: { ...headers, ...bearer(team.seller.token) },
          });
          if (response.statusCode === 200) acknowledged.push(cedula);
          else failed += 1;
        } catch {
          failed += 1;
        }
        if (acknowledged.length === KILL_AFTER && victim.child.exitCode === null)
          victim.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => worker()));
    const exit = await victim.exited;

    expect(exit.signal).toBe('SIGKILL');
    expect(failed, 'the calls that reached the killed instance failed').toBeGreaterThan(0);
    expect(acknowledged.length, 'the two others kept answering').toBeGreaterThan(KILL_AFTER);
    const stored = await db!.db
      .select({ cedula: clientes.cedula })
      .from(clientes)
      .where(inArray(clientes.cedula, acknowledged));
    expect(stored.map((row) => row.cedula).sort()).toEqual([...acknowledged].sort());
  }, 60_000);

  /** A new client of the team's seller, through any instance. */
  async function clientId(): Promise<number> {
    return (await createClientVia(roundRobin, team.seller.token)).id;
  }
});
