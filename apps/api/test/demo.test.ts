import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { DEMO_DAYS } from '../src/seed/demo/index';
import { bearer, login } from './helpers/auth';
import { expectBalanced } from './helpers/money-invariants';
import { cents } from './helpers/payment-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 (decision 029): `npm run demo` tells 18 months of a business through the product's services. A shorter
// story of the same generator (SIZE requests instead of about 200) must reach every service and state, leave the
// summaries kept by triggers equal to the tables, keep the money rules, be the same on every run and change
// nothing when run again.
const SIZE = 30;
// One instant for both runs of the last test: the story ends here.
const NOW = new Date();
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: string;

async function rows<T>(db: TestApp['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const countsBy = async (query: ReturnType<typeof sql>) =>
  Object.fromEntries((await rows<{ k: string; n: number }>(t.db, query)).map((row) => [row.k, row.n]));

/** What a run leaves, row by row, in a form two databases can be compared with. */
async function fingerprint(db: TestApp['db']) {
  return {
    clientes: await rows(
      db,
      sql`select id, nombre, cedula, vendedor_id, created_at::text,
      documento_id is not null as doc from clientes order by id`,
    ),
    solicitudes: await rows(
      db,
      sql`select id, numero_solicitud, numero_contrato, cliente_id, tipo_servicio, estado,
      estado_pago, modalidad_pago, metodo_pago, monto_total::text, descuento::text, fecha_creacion::text,
      fecha_conversion::text from solicitudes order by id`,
    ),
    pagos: await rows(
      db,
      sql`select id, solicitud_id, cuota_id, tipo, metodo_pago, divisas::text, bolivares::text,
      dollar_price::text, monto_pagado::text, fecha_pago::text, estado_verificacion from pagos order by id`,
    ),
    cuotas: await rows(
      db,
      sql`select id, solicitud_id, numero, monto::text, fecha_vencimiento::text, estado_pago
      from cuotas order by id`,
    ),
    personas: await rows(
      db,
      sql`select 'familiar' as k, nombre, cedula from familiares
      union all select 'autorizado', nombre, cedula from autorizados order by 1, 3`,
    ),
    inventario: await rows(
      db,
      sql`select codigo, disponible, reservadas, ocupadas, vendidas from parcelas
      union all select codigo, cantidad_nichos, 0, 0, 0 from nichos_columbario order by 1`,
    ),
    auditoria: await rows(db, sql`select accion, count(*)::int as n from auditoria group by 1 order by 1`),
  };
}

async function tableCounts(db: TestApp['db']) {
  return rows(
    db,
    sql`select
    (select count(*) from usuarios)::int as usuarios, (select count(*) from clientes)::int as clientes,
    (select count(*) from solicitudes)::int as solicitudes, (select count(*) from pagos)::int as pagos,
    (select count(*) from cuotas)::int as cuotas, (select count(*) from archivos)::int as archivos,
    (select count(*) from auditoria)::int as auditoria, (select count(*) from tasas_cambio)::int as tasas,
    (select count(*) from cuentas_receptoras)::int as cuentas, (select count(*) from parcelas)::int as parcelas`,
  );
}

let first: Awaited<ReturnType<typeof fingerprint>>;

beforeAll(async () => {
  t = await createTestApp();
  const { business } = await seedDemo({ db: t.db, app: t.app, size: SIZE, now: NOW });
  expect(business?.segundos).toBeGreaterThan(0);
  first = await fingerprint(t.db);
  admin = await login(t.app, 'admin@camposanto.local', DEMO_PASSWORD);
}, 180_000);
afterAll(() => t?.close());

describe('the demo business', () => {
  it('sells every service and leaves requests, contracts and payments in every state', async () => {
    const services = await countsBy(
      sql`select tipo_servicio as k, count(*)::int as n from solicitudes group by 1`,
    );
    for (const service of [
      'parcelas',
      'nichos-columbarios',
      'cremacion',
      'honra-exequias',
      'inhumacion',
      'nichos-ataud',
      'plan-funerario',
      'previsivo',
      'Servicio Funerario',
    ]) {
      expect(services[service], service).toBeGreaterThan(0);
    }
    const states = await countsBy(sql`select estado as k, count(*)::int as n from solicitudes group by 1`);
    expect(Object.keys(states).sort()).toEqual(['caducada', 'contrato', 'solicitud']);
    const contracts = await countsBy(sql`select modalidad_pago || ' ' || estado_pago as k, count(*)::int as n
      from solicitudes where estado = 'contrato' group by 1`);
    expect(contracts['De Contado pagado']).toBeGreaterThan(0);
    expect(contracts['Financiado inicial_pagada']).toBeGreaterThan(0);
    const requestPayment = await countsBy(sql`select estado_pago as k, count(*)::int as n from solicitudes
      where estado = 'solicitud' group by 1`);
    expect(requestPayment.pendiente).toBeGreaterThan(0);

    const methods = await countsBy(sql`select metodo_pago as k, count(*)::int as n from pagos group by 1`);
    expect(Object.keys(methods).sort()).toEqual(['Ambos', 'USD', 'VES']);
    const kinds = await countsBy(sql`select tipo as k, count(*)::int as n from pagos group by 1`);
    expect(Object.keys(kinds).sort()).toEqual(['contado', 'cuota', 'inicial']);
    const checks = await countsBy(
      sql`select estado_verificacion as k, count(*)::int as n from pagos group by 1`,
    );
    expect(checks.rechazado).toBe(1);
    expect(checks.verificado).toBeGreaterThan(0);
    expect(checks.por_verificar).toBeGreaterThan(0);
    const instalments = await countsBy(
      sql`select estado_pago as k, count(*)::int as n from cuotas group by 1`,
    );
    expect(Object.keys(instalments).sort()).toEqual(['pagado', 'pendiente', 'vencido']);
    // Bolívares at the rate of the day they were paid, which the history holds.
    const [ves] = await rows<{ bad: number }>(
      t.db,
      sql`select count(*)::int as bad from pagos p
      where p.bolivares > 0 and not exists (select 1 from tasas_cambio r where r.promedio = p.dollar_price
        and (r.fecha at time zone 'America/Caracas')::date = (p.fecha_pago at time zone 'America/Caracas')::date)`,
    );
    expect(ves?.bad).toBe(0);

    const [people] = await rows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*) from clientes where documento_id is not null)::int as documentos,
      (select count(*) from familiares)::int as familiares,
      (select count(*) from familiares where documento_id is not null)::int as documentos_familiares,
      (select count(*) from autorizados)::int as autorizados,
      (select count(*) from difuntos)::int as difuntos,
      (select count(*) from archivos where categoria = 'comprobante')::int as comprobantes,
      (select count(*) from archivos where categoria = 'mapa')::int as mapas,
      (select count(*) from usuarios where rol = 'supervisor')::int as supervisores,
      (select count(*) from vendedores where supervisor_id is not null)::int as en_equipo`,
    );
    expect(people).toMatchObject({ mapas: 5, supervisores: 2, en_equipo: 4 });
    for (const [name, value] of Object.entries(people!)) expect(value, name).toBeGreaterThan(0);

    const [places] = await rows<Record<string, number>>(
      t.db,
      sql`select
      (select sum(disponible) from parcelas)::int as disponibles, (select sum(vendidas) from parcelas)::int as vendidas,
      (select sum(ocupadas) from parcelas)::int as ocupadas, (select sum(reservadas) from parcelas)::int as reservadas,
      (select count(*) from nichos_columbario where estado = 'reservado')::int as nichos_reservados,
      (select count(*) from nichos_columbario where estado = 'vendido')::int as nichos_vendidos,
      (select count(*) from nichos_columbario where estado = 'ocupado')::int as nichos_ocupados,
      (select count(*) from parcelas where codigo !~ '^[A-Z][0-9]{2}-[0-9]{2}-[0-9]{2}$')::int as mal_codificadas`,
    );
    expect(places!.mal_codificadas).toBe(0);
    for (const [name, value] of Object.entries(places!).filter(([key]) => key !== 'mal_codificadas'))
      expect(value, name).toBeGreaterThan(0);
  });

  it('spreads the story over 18 months up to now, with a rate for every day and an audit of every step', async () => {
    const [span] = await rows<{ desde: string; hasta: string; tasas: number; audit_desde: string }>(
      t.db,
      sql`select min(fecha_creacion)::text as desde, max(fecha_creacion)::text as hasta,
        (select count(*) from tasas_cambio)::int as tasas, (select min(fecha) from auditoria)::text as audit_desde
        from solicitudes`,
    );
    expect(new Date(span!.desde).getTime()).toBeGreaterThan(NOW.getTime() - (DEMO_DAYS + 1) * DAY_MS);
    expect(new Date(span!.desde).getTime()).toBeLessThan(NOW.getTime() - 200 * DAY_MS);
    expect(new Date(span!.hasta).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(span!.tasas).toBe(DEMO_DAYS + 1);
    expect(new Date(span!.audit_desde).getTime()).toBeLessThan(NOW.getTime() - 500 * DAY_MS);
    const [late] = await rows<{ n: number }>(
      t.db,
      sql`select (select count(*) from pagos where fecha_pago > ${NOW.toISOString()})::int
        + (select count(*) from auditoria where fecha > ${NOW.toISOString()})::int as n`,
    );
    expect(late!.n).toBe(0);
    const actions = await countsBy(sql`select accion as k, count(*)::int as n from auditoria group by 1`);
    for (const accion of [
      'crear_cliente',
      'crear_solicitud',
      'reportar_pago',
      'convertir_contrato',
      'pagar_cuota',
      'verificar_pago',
      'rechazar_pago',
      'registrar_autorizados',
      'importar_parcelas',
      'actualizar_mapas',
      'caducar_solicitudes',
    ]) {
      expect(actions[accion], accion).toBeGreaterThan(0);
    }
  });

  it('leaves the summaries kept by triggers equal to sums over the tables', async () => {
    const same = async (expected: ReturnType<typeof sql>, stored: ReturnType<typeof sql>) =>
      expect(await rows(t.db, stored)).toEqual(await rows(t.db, expected));
    await same(
      sql`select estado, modalidad_pago, count(*)::int as n from solicitudes group by 1, 2 order by 1, 2`,
      sql`select estado, modalidad_pago, cantidad as n from resumen_solicitudes where cantidad <> 0 order by 1, 2`,
    );
    await same(
      sql`select coalesce(sum(monto_pagado) filter (where estado_verificacion <> 'rechazado'), 0)::numeric(16,2)::text
        as pagado, coalesce(sum(monto_pagado) filter (where estado_verificacion = 'verificado'), 0)::numeric(16,2)::text
        as verificado from pagos`,
      sql`select total_pagado::numeric(16,2)::text as pagado, total_verificado::numeric(16,2)::text as verificado
        from resumen_general`,
    );
    await same(
      sql`select solicitud_id, sum(monto_pagado)::numeric(16,2)::text as pagado from pagos
        where estado_verificacion <> 'rechazado' group by 1 order by 1`,
      sql`select solicitud_id, total_pagado::numeric(16,2)::text as pagado from pagado_solicitud
        where total_pagado <> 0 order by 1`,
    );
    const income = sql`select s.vendedor_id, s.modalidad_pago, resumen_mes(s.fecha_creacion) as mes, s.monto_total,
      coalesce((select sum(p.monto_pagado) from pagos p where p.solicitud_id = s.id
        and p.estado_verificacion <> 'rechazado'), 0) as pagado
      from solicitudes s where s.estado = 'contrato'`;
    await same(
      sql`select vendedor_id, modalidad_pago, mes::text, count(*)::int as contratos,
        sum(monto_total)::numeric(16,2)::text as total, sum(pagado)::numeric(16,2)::text as pagado
        from (${income}) c group by 1, 2, 3 order by 1, 2, 3`,
      sql`select vendedor_id, modalidad_pago, mes::text, contratos, monto_total::numeric(16,2)::text as total,
        total_pagado::numeric(16,2)::text as pagado from resumen_ingresos
        where contratos <> 0 or monto_total <> 0 or total_pagado <> 0 order by 1, 2, 3`,
    );
    await same(
      sql`select vendedor_id, modalidad_pago, date_trunc('year', mes)::date::text as anio, count(*)::int as contratos,
        sum(monto_total)::numeric(16,2)::text as total from (${income}) c group by 1, 2, 3 order by 1, 2, 3`,
      sql`select vendedor_id, modalidad_pago, anio::text, contratos, monto_total::numeric(16,2)::text as total
        from resumen_ingresos_anual where contratos <> 0 or monto_total <> 0 order by 1, 2, 3`,
    );
    await same(
      sql`select k.campo, s.estado, s.modalidad_pago, resumen_mes_lista(k.instante)::text as mes, count(*)::int as n
        from solicitudes s cross join lateral (values ('fecha_creacion', s.fecha_creacion),
          ('fecha_conversion', s.fecha_conversion), ('fecha_vencimiento', s.fecha_vencimiento)) k (campo, instante)
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      sql`select campo, estado, modalidad_pago, mes::text, cantidad as n from resumen_paginas where cantidad <> 0
        order by 1, 2, 3, 4`,
    );
    const dashboard = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/vendedores/ventas/dashboard',
        headers: bearer(admin),
      })
    ).json<Dashboard>();
    const [direct] = await rows<{ vivas: number; contratos: number; caducadas: number; pagado: string }>(
      t.db,
      sql`select count(*) filter (where estado <> 'caducada')::int as vivas,
        count(*) filter (where estado = 'contrato')::int as contratos,
        count(*) filter (where estado = 'caducada')::int as caducadas,
        (select sum(monto_pagado) from pagos where estado_verificacion <> 'rechazado')::text as pagado
        from solicitudes`,
    );
    expect(dashboard).toMatchObject({
      solicitudes: direct!.vivas,
      contratos: direct!.contratos,
      solicitudes_caducadas: direct!.caducadas,
    });
    expect(cents(dashboard.total_ingresos)).toBe(cents(direct!.pagado));
  });

  it('keeps the money rules: nothing negative, instalments adding up to what was financed', async () => {
    // expectBalanced reads a contract's debt from its instalments; a cash contract converted before it was paid
    // (the office may convert first) owes its whole total instead, checked after it.
    const requests = await rows<{ id: number }>(
      t.db,
      sql`select id from solicitudes s where not exists (select 1 from pagos p where p.solicitud_id = s.id
        and p.estado_verificacion = 'rechazado') and not (estado = 'contrato' and modalidad_pago = 'De Contado'
        and estado_pago = 'pendiente') order by id`,
    );
    expect(requests.length).toBeGreaterThan(SIZE / 2);
    for (const { id } of requests) await expectBalanced(t.db, id);
    const [unpaid] = await rows<{ n: number; bad: number }>(
      t.db,
      sql`select count(*)::int as n, count(*) filter (where precio_plan <> descuento + monto_total
        or exists (select 1 from pagos p where p.solicitud_id = s.id) or descuento < 0 or monto_total <= 0)::int as bad
        from solicitudes s where estado = 'contrato' and modalidad_pago = 'De Contado' and estado_pago = 'pendiente'`,
    );
    expect(unpaid!.bad).toBe(0);
    // The contract whose payment was rejected owes that instalment again.
    const [rejected] = await rows<{ estado: string }>(
      t.db,
      sql`select c.estado_pago as estado from pagos p join cuotas c on c.id = p.cuota_id
        where p.estado_verificacion = 'rechazado'`,
    );
    expect(['pendiente', 'vencido']).toContain(rejected?.estado);
  });

  it('answers the lists of every screen with rows', async () => {
    for (const url of [
      '/api/v1/admin/solicitudes?page=1&per_page=10',
      '/api/v1/admin/contratos/activos?skip=0&limit=10',
      '/api/v1/admin/solicitudes/caducadas?skip=0&limit=10',
      '/api/v1/cuotas/contratos-financiados',
      '/api/v1/admin/contratos-de-contado',
      '/api/v1/admin/historial-ingresos-resumen',
      '/api/v1/admin/auditoria',
      '/api/v1/admin/verificacion-pagos',
      '/api/v1/cobranza',
      '/api/v1/pagos/historial',
      '/api/v1/previsivos/tipo_servicio=previsivo',
      '/api/v1/autorizados/contratos',
      '/api/v1/tasa-cambio/historial',
      '/api/v1/mapa-parcelas',
      '/api/v1/mapa-nichos',
      '/parcelas?page=1&per_page=10',
      '/api/v1/admin/columbarios',
      '/api/mapas',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(response.statusCode, url).toBe(200);
      expect(response.body.length, url).toBeGreaterThan(200);
    }
  });

  it('changes nothing when run again, and tells the same story on another installation', async () => {
    const before = await tableCounts(t.db);
    const again = await seedDemo({ db: t.db, app: t.app, size: SIZE, now: NOW });
    expect(again.business).toBeUndefined();
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await fingerprint(t.db)).toEqual(first);

    const other = await createTestApp();
    try {
      await seedDemo({ db: other.db, app: other.app, size: SIZE, now: NOW });
      expect(await fingerprint(other.db)).toEqual(first);
    } finally {
      await other.close();
    }
  }, 180_000);
});
