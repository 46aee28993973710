// `npm run bench`: builds the application on a fresh database (PGlite in memory, or DATABASE_URL), fills it
// with a large data set and measures the main endpoints in-process. Prints one line per measurement.
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { seedCatalogue } from '../apps/api/src/seed/catalogue';

const PLOTS = Number(process.env.BENCH_PLOTS ?? 10_000);
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!',
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
if (process.env.DATABASE_URL) {
  console.error('BENCH on DATABASE_URL drops nothing: use an empty database.');
}
const app = await buildApp({ config, db: database.db });
await seedCatalogue(database.db);

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
await app.inject({
  method: 'POST',
  url: '/api/v1/crear-admin',
  payload: { username: 'Bench Admin', email: 'bench@local.test', password: 'Bench-password-1' },
});
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/login',
  ...form({ username: 'bench@local.test', password: 'Bench-password-1' }),
});
const auth = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };

function report(name: string, millis: number[]) {
  const sorted = [...millis].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.info(
    `${name.padEnd(48)} n=${String(sorted.length).padStart(3)} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${at(1)} ms`,
  );
}

// Plot import (issue target: 1,000 plots in under 2 s).
for (const rows of [1_000, PLOTS]) {
  const csv = [
    'codigo;disponible;reservadas;ocupadas;vendidas',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `B${String(Math.floor(i / 10_000)).padStart(2, '0')}-${String(Math.floor(i / 100) % 100).padStart(2, '0')}-${String(i % 100).padStart(2, '0')};3;0;0;0`,
    ),
  ].join('\n');
  const boundary = '----bench';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/upload-parcelas',
    payload: body,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (response.statusCode !== 200) console.error(response.body);
  report(`import ${rows} plots (${response.statusCode})`, [performance.now() - started]);
}

// A large sales history, written in bulk: one seller per 500 contracts, one client per contract.
const started = performance.now();
await database.db.execute(sql`
  insert into usuarios (username, email, rol, password_hash)
  select 'Vendedor ' || g, 'v' || g || '@bench.test', 'vendedor', 'x' from generate_series(1, ${Math.ceil(CONTRACTS / 500)}) g`);
await database.db.execute(
  sql`insert into vendedores (id, nombre, email) select id, username, email from usuarios where rol = 'vendedor'`,
);
await database.db.execute(sql`
  insert into clientes (vendedor_id, nombre, cedula, fecha_nacimiento, telefono, email, direccion)
  select v.id, 'Cliente ' || g, 'V-' || (10000000 + g), date '1970-01-01' + g % 9000, '4120000000', 'c' || g || '@bench.test', 'Caracas'
  from generate_series(1, ${CONTRACTS}) g
  join (select id, row_number() over (order by id) - 1 as n from vendedores) v on v.n = (g - 1) / 500`);
await database.db.execute(sql`
  insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio, fecha_creacion, fecha_vencimiento,
    fecha_conversion, estado, estado_pago, modalidad_pago, metodo_pago, precio_plan, monto_total, descuento, precio_con_descuento)
  select 'B' || lpad(c.id::text, 7, '0'), 'BC-' || lpad(c.id::text, 7, '0'), c.id, c.vendedor_id, 'cremacion',
    now() - (c.id % 700) * interval '1 day', now(), now(), 'contrato', 'inicial_pagada',
    case when c.id % 3 = 0 then 'De Contado' else 'Financiado' end, 'USD', 1000, 1000 + c.id % 7, 0, 1000 + c.id % 7
  from clientes c`);
await database.db.execute(sql`
  insert into pagos (solicitud_id, vendedor_id, tipo, metodo_pago, divisas, monto_pagado)
  select id, vendedor_id, 'inicial', 'USD', 100, 100 + id % 5 from solicitudes`);
report(`bulk load ${CONTRACTS} contracts with clients and payments`, [performance.now() - started]);

async function measure(name: string, url: string) {
  const times: number[] = [];
  let status = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: auth });
    times.push(performance.now() - t0);
    status = response.statusCode;
  }
  report(`GET ${name} (${status})`, times);
}

await measure('dashboard', '/api/v1/vendedores/ventas/dashboard');
await measure('parcelas page 500', '/parcelas?page=500&per_page=10');
await measure('admin solicitudes page 1 (25)', '/api/v1/admin/solicitudes?page=1&per_page=25');
await measure('admin solicitudes page 400 (25)', '/api/v1/admin/solicitudes?page=400&per_page=25');
await measure('contratos activos skip 5000', '/api/v1/admin/contratos/activos?skip=5000&limit=25');
await measure('historial ingresos (all)', '/api/v1/admin/historial-ingresos-resumen');
await measure(
  'historial ingresos (financiado)',
  '/api/v1/admin/historial-ingresos-resumen?modalidad=Financiado',
);
await measure('auditoria', '/api/v1/admin/auditoria');
await measure('clientes lista (admin, 25)', `/api/v1/clientes/lista/1?page=1&per_page=25`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
