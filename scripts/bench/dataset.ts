// The bench's data set, generated in SQL (generate_series) through the application's own tables, so that any
// trigger on them fires as it would for real writes. Deterministic: every "random" choice is a hash of the row
// number. At BENCH_CONTRACTS = 100,000: 112,500 requests (100,000 contracts, 6,250 open, 6,250 expired),
// 100,000 clients, 200 sellers and 20 supervisors, ~1,000,000 instalments, ~300,000 payments, 25,000 plots,
// ~212,000 audit rows, five years of history.

/** Runs one SQL text (several statements allowed) on the bench's own connection. */
export type RunSql = (text: string) => Promise<void>;

export type DatasetSize = {
  contracts: number;
  requests: number;
  clients: number;
  sellers: number;
  supervisors: number;
  plots: number;
};

/**
 * The data set of `contracts` contracts: by default one seller per 500 contracts, as a cemetery's sales team grows
 * with its sales. `sellers` sets another team size (BENCH_SELLERS): the same team over less history is how the
 * income summary, one row per seller, is compared at two sizes (docs/performance.md).
 */
export function datasetSize(
  contracts: number,
  sellers = Math.max(2, Math.round(contracts / 500)),
): DatasetSize {
  return {
    contracts,
    // Every ninth request is not a contract: 1/9 of 9/8 × contracts is contracts / 8.
    requests: contracts + Math.floor(contracts / 8),
    clients: contracts,
    sellers,
    supervisors: Math.max(1, Math.ceil(sellers / 10)),
    plots: Math.max(100, Math.floor(contracts / 4)),
  };
}

// A non-negative deterministic hash of an integer expression.
const h = (expression: string) => `(hashint4(${expression}) & 2147483647)`;

// SPEC §9 request number prefixes by service, with example cash and financed prices (USD).
const SERVICES = `(values
  (0, 'parcelas', 'S', 'Parcela Jardín (3 puestos)', 3000, 3600),
  (1, 'cremacion', 'CRE', 'Cremación Básica', 900, 1080),
  (2, 'honra-exequias', 'EXE', 'Honra de Exequias', 1200, 1440),
  (3, 'inhumacion', 'INH', 'Inhumación en Parcela', 500, 600),
  (4, 'nichos-ataud', 'S', 'Nicho para Ataúd', 2000, 2400),
  (5, 'nichos-columbarios', 'S', 'Nicho de Columbario', 1500, 1800),
  (6, 'previsivo', 'PRE-', 'Plan Previsivo Familiar', 800, 960),
  (7, 'plan-funerario', 'PSF', 'Plan Funerario Básico', 1100, 1320),
  (8, 'servicio-funerario', 'FUN-', 'Servicio Funerario', 700, 840)
) as s(n, tipo, prefijo, descripcion, contado, financiado)`;

const FIRST_NAMES = `array['María','José','Ana','Luis','Carmen','Carlos','Rosa','Jesús','Luisa','Pedro','Elena','Juan',
  'Isabel','Miguel','Teresa','Rafael','Gabriela','Andrés','Daniela','Jorge','Valentina','Ricardo','Sofía','Manuel',
  'Patricia','Francisco','Mariana','Antonio','Lucía','Alejandro']`;
const LAST_NAMES = `array['González','Rodríguez','Pérez','Hernández','García','Martínez','López','Díaz','Sánchez',
  'Romero','Torres','Ramírez','Flores','Rojas','Medina','Castillo','Morales','Suárez','Blanco','Mendoza','Guerrero',
  'Rivas','Salazar','Vargas','Marcano','Contreras','Briceño','Castro','Parra','Quintero']`;

/** The statements that fill an empty, migrated database, in order; each is one step to time. */
export function datasetStatements(size: DatasetSize): { step: string; sql: string }[] {
  const { requests, clients, sellers, supervisors, plots } = size;
  const people = supervisors + sellers;
  const today = `(now() at time zone 'America/Caracas')::date`;
  return [
    {
      step: 'sellers and supervisors',
      sql: `
        insert into usuarios (id, username, email, rol, password_hash, cedula, telefono, created_at, updated_at)
        select g, case when g <= ${supervisors} then 'Supervisor ' else 'Vendedor ' end || lpad(g::text, 3, '0'),
          case when g <= ${supervisors} then 'supervisor' else 'vendedor' end || g || '@bench.test',
          case when g <= ${supervisors} then 'supervisor' else 'vendedor' end,
          '!bench', 'V-' || (9000000 + g), '0412' || lpad(g::text, 7, '0'),
          now() - interval '6 years', now() - interval '6 years'
        from generate_series(1, ${people}) g;
        insert into vendedores (id, nombre, cedula, telefono, email, supervisor_id, created_at, updated_at)
        select id, username, cedula, telefono, email,
          case when id > ${supervisors} then 1 + (id - ${supervisors} - 1) % ${supervisors} end, created_at, updated_at
        from usuarios where id <= ${people};`,
    },
    {
      step: 'clients',
      sql: `
        insert into clientes (id, vendedor_id, nombre, cedula, fecha_nacimiento, telefono, celular, email, direccion,
          created_at, updated_at)
        select g, ${supervisors} + 1 + (g - 1) % ${sellers},
          (${FIRST_NAMES})[1 + ${h('g')} % 30] || ' ' || (${LAST_NAMES})[1 + ${h('g + 7')} % 30] || ' '
            || (${LAST_NAMES})[1 + ${h('g + 13')} % 30],
          'V-' || (10000000 + g), date '1940-01-01' + ${h('g + 17')} % 25000, '0212' || lpad((g % 10000000)::text, 7, '0'),
          '0414' || lpad((g % 10000000)::text, 7, '0'), 'cliente' || g || '@correo.test',
          'Caracas, parroquia ' || (1 + g % 22), now() - interval '6 years', now() - interval '6 years'
        from generate_series(1, ${clients}) g;`,
    },
    {
      // One row per request with every choice made, read by the statements below and dropped at the end.
      step: 'request plan',
      sql: `
        create table bench_plan as
        with base as (
          select g as id, 1 + (g - 1) % ${clients} as cliente_id,
            ${supervisors} + 1 + ((g - 1) % ${clients}) % ${sellers} as vendedor_id,
            case when g % 9 <> 0 then 'contrato' when (g / 9) % 2 = 0 then 'solicitud' else 'caducada' end as estado,
            s.tipo, s.prefijo, s.descripcion, s.contado::numeric as contado, s.financiado::numeric as financiado,
            case when ${h('g * 5 + 1')} % 3 = 0 then 'De Contado' else 'Financiado' end as modalidad,
            case when ${h('g * 5 + 2')} % 4 = 0 then 'VES' else 'USD' end as metodo,
            12 + 3 * (${h('g * 5 + 3')} % 3) as cuotas, ${h('g * 5 + 4')} as h4, ${h('g * 5 + 5')} as h5
          from generate_series(1, ${requests}) g
          join ${SERVICES} on s.n = ${h('g')} % 9
        ), dated as (
          select b.*, now() - (case b.estado when 'solicitud' then h4 % 25 when 'caducada' then 31 + h4 % 1795
              else h4 % 1826 end) * interval '1 day' - (h5 % 86400) * interval '1 second' as fecha_creacion,
            round(b.financiado * (0.10 + (h5 % 3) * 0.05), 2) as inicial
          from base b
        ), priced as (
          select d.*, round((d.financiado - d.inicial) / d.cuotas, 2) as mpc,
            case when d.estado = 'contrato' then least(now(), d.fecha_creacion + (d.h5 % 7) * interval '1 day') end
              as fecha_conversion,
            case when d.estado = 'contrato' and d.modalidad = 'Financiado'
              then case when d.h4 % 50 = 0 then d.cuotas else d.h5 % 6 end else 0 end as pagadas
          from dated d
        )
        select p.*,
          case when p.modalidad = 'Financiado' then p.inicial + p.cuotas * p.mpc else p.contado end as total,
          case
            when p.estado = 'contrato' then
              case when p.modalidad = 'De Contado' or p.pagadas = p.cuotas then 'pagado' else 'inicial_pagada' end
            when p.estado = 'solicitud' and p.h5 % 2 = 0 then
              case when p.modalidad = 'De Contado' then 'pagado' else 'inicial_pagada' end
            else 'pendiente'
          end as estado_pago,
          p.prefijo || lpad(p.id::text, 6, '0') as numero_solicitud,
          case when p.estado = 'contrato' then
            case when p.tipo = 'previsivo' then 'PRV-' else 'CON-' end || lpad(p.id::text, 6, '0') end as numero_contrato,
          round((5 + (1826 - extract(epoch from now() - p.fecha_creacion) / 86400) * 0.05)::numeric, 4) as tasa
        from priced p;`,
    },
    {
      step: 'requests and contracts',
      sql: `
        insert into solicitudes (id, numero_solicitud, numero_contrato, cliente_id, vendedor_id, supervisor_id,
          creado_por, tipo_servicio, descripcion, fecha_creacion, fecha_vencimiento, fecha_conversion, estado,
          estado_pago, modalidad_pago, metodo_pago, precio_plan, monto_total, descuento, precio_con_descuento,
          email_enviado, created_at, updated_at)
        select p.id, p.numero_solicitud, p.numero_contrato, p.cliente_id, p.vendedor_id, v.supervisor_id,
          p.vendedor_id, p.tipo, p.descripcion, p.fecha_creacion, p.fecha_creacion + interval '30 days',
          p.fecha_conversion, p.estado, p.estado_pago, p.modalidad, p.metodo,
          case when p.modalidad = 'Financiado' then p.total else p.contado end, p.total, 0, p.total,
          p.estado = 'contrato', p.fecha_creacion, coalesce(p.fecha_conversion, p.fecha_creacion)
        from bench_plan p join vendedores v on v.id = p.vendedor_id;
        insert into solicitud_detalles (solicitud_id, tipo_servicio, codigo, descripcion, modalidad_pago,
          metodo_pago, tipo_moneda, pago_inicial, cuotas, monto_por_cuota, precio_financiado, descuento,
          precio_con_descuento, precio_plan, precio_total, estado_pago)
        select p.id, p.tipo, case when p.tipo = 'parcelas' then 'A' || lpad((p.id % 10000)::text, 4, '0') end,
          p.descripcion, p.modalidad, p.metodo, p.metodo,
          case when p.modalidad = 'Financiado' then p.inicial else 0 end,
          case when p.modalidad = 'Financiado' then p.cuotas else 0 end,
          case when p.modalidad = 'Financiado' then p.mpc else 0 end,
          case when p.modalidad = 'Financiado' then p.total else 0 end, 0, p.total,
          case when p.modalidad = 'Financiado' then p.total else p.contado end, p.total, p.estado_pago
        from bench_plan p;`,
    },
    {
      // DESIGN §4.7: unpaid instalments past due are already 'vencido', as the expiry job leaves them.
      step: 'instalments',
      sql: `
        insert into cuotas (solicitud_id, numero, monto, fecha_vencimiento, estado_pago, fecha_pago)
        select p.id, k, p.mpc, (p.fecha_conversion + k * interval '1 month')::date,
          case when k <= p.pagadas then 'pagado'
            when (p.fecha_conversion + k * interval '1 month')::date < ${today} then 'vencido' else 'pendiente' end,
          case when k <= p.pagadas then least(now(), p.fecha_conversion + k * interval '1 month' - interval '2 days') end
        from bench_plan p, generate_series(1, p.cuotas) k
        where p.estado = 'contrato' and p.modalidad = 'Financiado';`,
    },
    {
      step: 'payments',
      sql: `
        insert into pagos (solicitud_id, cuota_id, vendedor_id, registrado_por, tipo, metodo_pago, metodo_ves,
          divisas, bolivares, dollar_price, monto_pagado, monto_restante, monto_total, banco_emisor, banco_receptor,
          referencia, fecha_pago, created_at)
        select x.solicitud_id, x.cuota_id, x.vendedor_id, x.vendedor_id, x.tipo, x.metodo,
          case when x.metodo = 'VES' then case when x.h4 % 2 = 0 then 'transferencia' else 'pago_movil' end end,
          case when x.metodo = 'USD' then x.monto else 0 end,
          case when x.metodo = 'VES' then round(x.monto * x.tasa, 2) else 0 end,
          x.tasa, x.monto, x.restante, x.total,
          case when x.metodo = 'VES' then 'Banesco' end, case when x.metodo = 'VES' then 'Banco de Venezuela' end,
          lpad((x.solicitud_id * 100 + coalesce(x.numero, 0))::text, 10, '0'), x.fecha_pago, x.fecha_pago
        from (
          select p.id as solicitud_id, null::integer as cuota_id, null::integer as numero, p.vendedor_id,
            case when p.modalidad = 'Financiado' then 'inicial' else 'contado' end as tipo, p.metodo, p.h4, p.tasa,
            case when p.modalidad = 'Financiado' then p.inicial else p.total end as monto,
            case when p.modalidad = 'Financiado' then p.total - p.inicial else 0 end as restante, p.total,
            p.fecha_creacion + interval '2 hours' as fecha_pago
          from bench_plan p where p.estado_pago <> 'pendiente'
          union all
          select p.id, c.id, c.numero, p.vendedor_id, 'cuota', p.metodo, p.h4, p.tasa, c.monto,
            p.mpc * (p.cuotas - c.numero), p.total, c.fecha_pago
          from cuotas c join bench_plan p on p.id = c.solicitud_id where c.estado_pago = 'pagado'
        ) x;`,
    },
    {
      step: 'audit trail',
      sql: `
        insert into auditoria (usuario_id, username, rol, accion, descripcion, entidad, entidad_id, fecha)
        select p.vendedor_id, u.username, 'vendedor', 'crear_solicitud',
          'Solicitud ' || p.numero_solicitud || ' (' || p.tipo || ') creada', 'solicitud', p.id::text, p.fecha_creacion
        from bench_plan p join usuarios u on u.id = p.vendedor_id
        union all
        select null, 'Administración', 'administrador', 'convertir_contrato',
          'Solicitud ' || p.numero_solicitud || ' convertida en el contrato ' || p.numero_contrato, 'solicitud',
          p.id::text, p.fecha_conversion
        from bench_plan p where p.estado = 'contrato';`,
    },
    {
      step: 'plots and rates',
      sql: `
        insert into parcelas (codigo, puestos, disponible, reservadas, ocupadas, vendidas)
        select x.codigo, 3, 3 - x.usados, 0, x.ocupadas, x.usados - x.ocupadas
        from (
          select chr(65 + (g - 1) / 10000) || lpad(((g - 1) / 100 % 100)::text, 2, '0') || '-'
              || lpad(((g - 1) % 100)::text, 2, '0') as codigo,
            ${h('g')} % 4 as usados, ${h('g')} % 4 * (${h('g + 1')} % 2) as ocupadas
          from generate_series(1, ${plots}) g
        ) x;
        insert into tasas_cambio (promedio, fuente, fecha)
        select round((5 + (1826 - d) * 0.05)::numeric, 4), 'oficial', now() - d * interval '1 day'
        from generate_series(0, 1825) d;`,
    },
    {
      // A running business has sent the reminders already due: the server's reminders job finds nothing to do, as
      // the expiry job does, instead of e-mailing tens of thousands of statements during the load.
      step: 'reminders already sent',
      sql: `
        insert into recordatorios (solicitud_id, cuota_id, tipo, destinatario, enviado_en)
        select c.solicitud_id, c.id, case when c.estado_pago = 'vencido' then 'vencida' else 'previo' end,
          trim(cl.email), c.fecha_vencimiento
        from cuotas c
          join solicitudes s on s.id = c.solicitud_id
          join clientes cl on cl.id = s.cliente_id
        where s.estado = 'contrato' and coalesce(trim(cl.email), '') <> ''
          and (c.estado_pago = 'vencido'
            or (c.estado_pago = 'pendiente' and c.fecha_vencimiento between ${today}
              and ${today} + coalesce((select dias_recordatorio from empresa where id = 1), 3)));`,
    },
    {
      step: 'sequences, analyze',
      sql: `
        drop table bench_plan;
        select setval(pg_get_serial_sequence('usuarios', 'id'), (select max(id) from usuarios));
        select setval(pg_get_serial_sequence('clientes', 'id'), (select max(id) from clientes));
        select setval(pg_get_serial_sequence('solicitudes', 'id'), (select max(id) from solicitudes));
        analyze;`,
    },
  ];
}

/** Fills the database, printing how long each step took; returns the total in seconds. */
export async function generateDataset(run: RunSql, size: DatasetSize, label: string): Promise<number> {
  const started = performance.now();
  for (const { step, sql } of datasetStatements(size)) {
    const stepStarted = performance.now();
    await run(sql);
    console.info(`  [${label}] ${step}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  }
  return (performance.now() - started) / 1000;
}
