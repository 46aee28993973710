import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type CompanySettings, type ExchangeRate, type ReceivingAccount } from '@camposanto/domain';
import { auditoria, contadoresLimite, recordatorios } from '../src/db/schema';
import { JOB_LOCK_IDS, periodicJobs } from '../src/jobs/scheduler';
import { JOB_LOCK_SPACE, runExclusive } from '../src/lib/job-lock';
import { pruneExpiredCounters } from '../src/lib/shared-counters';
import { adminToken, bearer, createUser, loginRequest, PASSWORD, unique } from './helpers/auth';
import { debtClient, debtContract } from './helpers/debts';
import { daysFromNow, insertCliente, insertSolicitud, lastAuditId } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 16, docs/decisions/025: several API instances on one database share the sign-in throttle and the rate
// limits (in PostgreSQL, or in Redis with REDIS_URL), see each other's settings at once, and run each periodic job
// one at a time. Each instance here is its own app, with its own pool, on the database of the first.

const onPostgres = Boolean(process.env.DATABASE_URL);
const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port: 6379, timeout: 500 });
  const done = (answer: boolean) => {
    socket.destroy();
    resolve(answer);
  };
  socket.once('connect', () => done(true));
  socket.once('error', () => done(false));
  socket.once('timeout', () => done(false));
});

// Small delays keep the file fast; the refusal after 10 failures and 15 attempts a minute are what is checked.
const LIMITS = {
  LOGIN_FREE_FAILURES: '3',
  LOGIN_DELAY_BASE_MS: '1',
  LOGIN_DELAY_MAX_MS: '2',
  LOGIN_ADDRESS_MAX_FAILURES: '10',
  LOGIN_RATE_PER_MINUTE: '15',
};
const tooManyFailures = {
  detail: MSG.demasiadosIntentos,
  mensaje: MSG.errorLogin,
  error: MSG.demasiadosIntentos,
};
const tooManyRequests = {
  detail: MSG.demasiadasSolicitudes,
  mensaje: MSG.errorLogin,
  error: MSG.demasiadasSolicitudes,
};

type Instances = { all: TestApp[]; admin: string; close: () => Promise<void> };

/** `count` instances on one database (the first owns it, so it is closed last). */
async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const first = await createTestApp({ env });
  const all = [first];
  try {
    for (let n = 1; n < count; n += 1) all.push(await createTestApp({ env, sharedWith: first }));
    const admin = await adminToken(first.app);
    return { all, admin, close: () => closeAll(all) };
  } catch (error) {
    await closeAll(all);
    throw error;
  }
}

async function closeAll(all: TestApp[]) {
  for (const instance of [...all].reverse()) await instance.close();
}

const addressOf = (label: number) => `192.0.2.${label}`;

/** The shared sign-in limits, checked the same way on each store. */
function sharedSignInLimits(group: () => Instances) {
  it('counts 10 failed sign-ins spread over 3 instances together: the address is then refused on every one', async () => {
    const { all, admin } = group();
    const target = await createUser(all[0]!.app, admin, 'vendedor');
    const attacker = addressOf(16);
    for (let n = 0; n < 10; n += 1) {
      const response = await loginRequest(all[n % 3]!.app, target.email, `mala-${n}`, attacker);
      expect(response.statusCode).toBe(401);
    }
    for (const instance of all) {
      const refused = await loginRequest(instance.app, target.email, PASSWORD, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooManyFailures);
    }
    // The account's own user, from another address, still signs in (on any instance).
    expect((await loginRequest(all[1]!.app, target.email, PASSWORD, addressOf(116))).statusCode).toBe(200);
  });

  it('shares the per-address rate limit of the sign-in route: 15 a minute over all instances, then 429', async () => {
    const { all, admin } = group();
    const user = await createUser(all[0]!.app, admin, 'cliente');
    const address = addressOf(17);
    for (let n = 0; n < 15; n += 1) {
      expect((await loginRequest(all[n % 3]!.app, user.email, PASSWORD, address)).statusCode).toBe(200);
    }
    for (const instance of all) {
      const refused = await loginRequest(instance.app, user.email, PASSWORD, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooManyRequests);
    }
    expect((await loginRequest(all[2]!.app, user.email, PASSWORD, addressOf(117))).statusCode).toBe(200);
  });
}

describe.skipIf(!onPostgres)('on PostgreSQL, the limits in contadores_limite (needs DATABASE_URL)', () => {
  let group: Instances;
  beforeAll(async () => {
    group = await startInstances(3, LIMITS);
  });
  afterAll(() => group?.close());

  sharedSignInLimits(() => group);

  it('keeps each count in one row with its expiry, and the expiry job deletes the expired ones', async () => {
    const db = group.all[0]!.db;
    const [failures] = await db
      .select()
      .from(contadoresLimite)
      .where(eq(contadoresLimite.clave, `login:ip:${addressOf(16)}`));
    expect(failures?.cuenta).toBe(10);
    const windowMs = group.all[0]!.config.loginThrottle.windowMs;
    expect(failures!.expira.getTime() - Date.now()).toBeGreaterThan(windowMs - 60_000);
    const routeKeys = await db
      .select()
      .from(contadoresLimite)
      .where(like(contadoresLimite.clave, `ruta:POST/api/v1/login:${addressOf(17)}`));
    expect(routeKeys.map((row) => row.cuenta)).toEqual([18]);

    await db.insert(contadoresLimite).values({ clave: 'prueba:vencida', cuenta: 3, expira: daysFromNow(-1) });
    expect(await pruneExpiredCounters(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ clave: contadoresLimite.clave }).from(contadoresLimite);
    expect(left.map((row) => row.clave)).not.toContain('prueba:vencida');
    expect(left.map((row) => row.clave)).toContain(`login:ip:${addressOf(16)}`);
  });

  it('runs a periodic job on one instance at a time (advisory lock): the other skips its turn', async () => {
    const [a, b] = group.all as [TestApp, TestApp];
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const outcomes = await Promise.all([runExclusive(a.db, 99, slow), runExclusive(b.db, 99, slow)]);
    expect(outcomes.map((outcome) => outcome.ran).sort()).toEqual([false, true]);
    expect(runs).toBe(1);
    // Released afterwards: the next turn runs.
    expect(await runExclusive(b.db, 99, slow)).toMatchObject({ ran: true });
  });

  it('skips the expiry and the reminders while another instance holds the job, and does them after', async () => {
    const [a, b] = group.all as [TestApp, TestApp];
    const overdue = await overdueContract(group);
    const holder = new pg.Client({ connectionString: a.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_IDS.caducidad]);
      expect(await periodicJobs(b.app).expiry()).toBe('skipped');
      expect(await remindersOf(a, overdue.contractId)).toEqual([]);
      await holder.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_IDS.caducidad]);
    } finally {
      await holder.end();
    }
    expect(await periodicJobs(b.app).expiry()).toBe('ran');
    expect(await remindersOf(a, overdue.contractId)).toEqual(['vencida']);
  });
});

describe.skipIf(!redisAnswers)('with REDIS_URL, the limits in Redis (needs Redis on 127.0.0.1:6379)', () => {
  const prefix = `camposanto-prueba-${process.pid}-${Date.now()}:`;
  let group: Instances;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    group = await startInstances(3, { ...LIMITS, REDIS_URL, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await group?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  sharedSignInLimits(() => group);

  it('keeps the counts in Redis under the prefix, each with its expiry, and none in the database', async () => {
    const key = `${prefix}login:ip:${addressOf(16)}`;
    expect(await redis.get(key)).toBe('10');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(group.all[0]!.config.loginThrottle.windowMs);
    expect((await redis.keys(`${prefix}limite:*`)).length).toBeGreaterThan(0);
    expect(await group.all[0]!.db.select().from(contadoresLimite)).toEqual([]);
  });
});

describe('with REDIS_URL but Redis unreachable', () => {
  let group: Instances;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, every connection is refused.
    group = await startInstances(1, { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:9' });
  });
  afterAll(() => group?.close());

  it('signs in (200 or 401, never 500) and still refuses an address after 10 failures, counted in memory', async () => {
    const [a] = group.all as [TestApp];
    const target = await createUser(a.app, group.admin, 'vendedor');
    const attacker = addressOf(18);
    expect((await loginRequest(a.app, target.email, PASSWORD, addressOf(118))).statusCode).toBe(200);
    for (let n = 0; n < 10; n += 1) {
      expect((await loginRequest(a.app, target.email, `mala-${n}`, attacker)).statusCode).toBe(401);
    }
    const refused = await loginRequest(a.app, target.email, PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyFailures);
  });
});

describe('settings changed through one instance, read through another', () => {
  let group: Instances;
  beforeAll(async () => {
    group = await startInstances(2);
  });
  afterAll(() => group?.close());

  /** Polls `read` through the second instance until `accept` holds, answering how long it took (ms). */
  async function secondsToSee<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<number> {
    const started = Date.now();
    while (!accept(await read())) {
      if (Date.now() - started > 1_000) throw new Error('not visible on the other instance within 1 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  }

  it('sees the rate, the company settings and a new receiving account within 1 s', async () => {
    const [a, b] = group.all as [TestApp, TestApp];
    const as = (instance: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      instance.app.inject({ method, url, headers: bearer(group.admin), ...(payload ? { payload } : {}) });

    expect((await as(a, 'PUT', '/api/v1/tasa-cambio', { promedio: 52.75 })).statusCode).toBe(200);
    const rate = () => as(b, 'GET', '/api/v1/tasa-cambio').then((r) => r.json<ExchangeRate>());
    expect(await secondsToSee(rate, (value) => value.promedio === 52.75)).toBeLessThan(1_000);

    const company = { nombre: `Camposanto ${unique()}`, rif: 'J-12345678-9', dias_recordatorio: 4 };
    expect((await as(a, 'PUT', '/api/v1/admin/empresa', company)).statusCode).toBe(200);
    const settings = () => as(b, 'GET', '/api/v1/admin/empresa').then((r) => r.json<CompanySettings>());
    expect(await secondsToSee(settings, (value) => value.nombre === company.nombre)).toBeLessThan(1_000);

    const account = {
      banco: 'Banco de Venezuela',
      titular: 'Camposanto C.A.',
      numero_cuenta: `0102${String(unique()).padStart(16, '0')}`,
      rif: 'J-12345678-9',
      telefono_pago_movil: '0414-1234567',
      activa: true,
    };
    const created = await as(a, 'POST', '/api/v1/admin/cuentas-receptoras', account);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<ReceivingAccount>();
    const accounts = () =>
      as(b, 'GET', '/api/v1/admin/cuentas-receptoras').then((r) => r.json<ReceivingAccount[]>());
    expect(await secondsToSee(accounts, (list) => list.some((item) => item.id === id))).toBeLessThan(1_000);
  });

  it('expires a request and sends a reminder once when two instances run the expiry job at the same time', async () => {
    const [a, b] = group.all as [TestApp, TestApp];
    const before = await lastAuditId(a.db);
    const seller = await newSeller(group);
    const client = await insertCliente(a.db, seller.id);
    const request = await insertSolicitud(a.db, {
      clienteId: client.id,
      vendedorId: seller.id,
      fechaVencimiento: daysFromNow(-1),
      estado: 'solicitud',
      estadoPago: 'pendiente',
    });
    const overdue = await overdueContract(group);
    const outcomes = await Promise.all([periodicJobs(a.app).expiry(), periodicJobs(b.app).expiry()]);
    expect(outcomes).toContain('ran');
    expect(outcomes).not.toContain('failed');
    expect(await remindersOf(a, overdue.contractId)).toEqual(['vencida']);
    const mails = group.all.flatMap((instance) => outboxOf(instance));
    expect(mails).toHaveLength(1);
    const expiries = await a.db
      .select({ descripcion: auditoria.descripcion })
      .from(auditoria)
      .where(sql`${auditoria.id} > ${before} and ${auditoria.accion} = 'caducar_solicitudes'`);
    expect(expiries).toHaveLength(1);
    expect(expiries[0]!.descripcion).toContain(request.numeroSolicitud);
  });
});

/** A new seller, created through the first instance. */
async function newSeller(group: Instances) {
  return createUser(group.all[0]!.app, group.admin, 'vendedor');
}

/** A contract of a new seller with one instalment 12 days overdue, its client with an e-mail. */
async function overdueContract(group: Instances) {
  const instance = group.all[0]!;
  const seller = await newSeller(group);
  const client = await debtClient(instance.db, seller.id, `moroso${unique()}@correo.test`);
  const contract = await debtContract(instance.db, {
    sellerId: seller.id,
    clientId: client.id,
    instalments: [{ monto: '40.00', daysOverdue: 12 }],
  });
  return { contractId: contract.id };
}

async function remindersOf(instance: TestApp, contractId: number) {
  const rows = await instance.db
    .select({ tipo: recordatorios.tipo })
    .from(recordatorios)
    .where(eq(recordatorios.solicitudId, contractId));
  return rows.map((row) => row.tipo);
}

function outboxOf(instance: TestApp): string[] {
  try {
    return readdirSync(path.join(instance.config.dataDir, 'outbox'));
  } catch {
    return [];
  }
}
