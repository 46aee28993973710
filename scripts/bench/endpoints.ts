// The endpoints of issue 12, found on the running server: every list of SPEC §7 at its first, middle and last
// page (the totals come from the server), the dashboard, the income summary (all and filtered) and the login.
import { BENCH_ADMIN } from './server';
import type { Statement } from './load';
import type { HttpRequest } from './sample';
import type { Target } from './report';
import type { DatasetSize } from './dataset';

export type Endpoint = {
  name: string;
  request: HttpRequest;
  connections: number;
  target: Target;
  kind: 'list' | 'dashboard' | 'income' | 'login';
  note?: string;
  /** Filled by the capture run: the statements one call ran, and its status. */
  statements?: Statement[];
  status?: number;
};

const PER_PAGE = 25;

/** Issue 12's targets: lists p95 ≤ 25 ms (PostgreSQL) / 50 ms (PGlite), dashboard 25 ms, income 100 ms. */
export function targetOf(kind: Endpoint['kind'], driver: 'pglite' | 'postgres'): Target {
  if (kind === 'login') return { minRatio: 0.8 };
  if (kind === 'dashboard') return { p95Ms: 25, minRatio: 0.6 };
  if (kind === 'income') return { p95Ms: 100, minRatio: 0.6 };
  return { p95Ms: driver === 'postgres' ? 25 : 50, minRatio: 0.6 };
}

/** First, middle and last of `pages` (fewer when there are fewer pages). */
function spread(pages: number): [string, number][] {
  const last = Math.max(1, pages);
  const middle = Math.max(1, Math.ceil(last / 2));
  return [
    ['first', 1],
    ['middle', middle],
    ['last', last],
  ].filter(([, page], index, all) => all.findIndex(([, other]) => other === page) === index) as [
    string,
    number,
  ][];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function discoverEndpoints(
  baseUrl: string,
  token: string,
  driver: 'pglite' | 'postgres',
  size: DatasetSize,
): Promise<Endpoint[]> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return {
      body: (await response.json()) as Record<string, unknown>,
      totalHeader: response.headers.get('x-total-count'),
    };
  };
  const endpoints: Endpoint[] = [];
  const add = (name: string, path: string, kind: Endpoint['kind'], note?: string) =>
    endpoints.push({
      name,
      request: { method: 'GET', path, headers },
      connections: 10,
      target: targetOf(kind, driver),
      kind,
      note,
    });
  const paged = (name: string, total: number, pathOf: (page: number) => string) => {
    for (const [where, page] of spread(Math.ceil(total / PER_PAGE)))
      add(`${name}, ${where} page (${page})`, pathOf(page), 'list');
  };

  const totalOf = async (path: string, field: string) => Number((await get(path)).body[field]);
  const dashboard = (await get('/api/v1/vendedores/ventas/dashboard')).body;
  // A seller in the middle of the list, with a five-hundredth of the sales.
  const seller = size.supervisors + Math.ceil(size.sellers / 2);

  paged(
    'admin requests',
    await totalOf(`/api/v1/admin/solicitudes?page=1&per_page=${PER_PAGE}`, 'total'),
    (page) => `/api/v1/admin/solicitudes?page=${page}&per_page=${PER_PAGE}`,
  );
  paged(
    'active contracts',
    Number(dashboard.contratos),
    (page) => `/api/v1/admin/contratos/activos?skip=${(page - 1) * PER_PAGE}&limit=${PER_PAGE}`,
  );
  paged(
    'expired requests',
    await totalOf(`/api/v1/admin/solicitudes/caducadas?skip=0&limit=${PER_PAGE}`, 'total_solicitudes'),
    (page) => `/api/v1/admin/solicitudes/caducadas?skip=${(page - 1) * PER_PAGE}&limit=${PER_PAGE}`,
  );
  paged(
    'plots',
    await totalOf(`/parcelas?page=1&per_page=${PER_PAGE}`, 'total'),
    (page) => `/parcelas?page=${page}&per_page=${PER_PAGE}`,
  );
  for (const [name, base] of [
    ["seller's clients", `/api/v1/clientes/lista/${seller}`],
    ["seller's contracts", `/api/v1/contratos/lista/${seller}`],
    ["seller's payment reports", `/api/reporte-pagos/solicitudes/${seller}`],
  ] as const) {
    paged(
      name,
      await totalOf(`${base}?page=1&per_page=${PER_PAGE}`, 'total'),
      (page) => `${base}?page=${page}&per_page=${PER_PAGE}`,
    );
  }
  // The supervisor's dialog pages it (issue 12); unpaged, it streams the seller's whole list.
  paged(
    "seller's requests (vendedor/contratos)",
    Number((await get(`/api/vendedor/contratos/${seller}?page=1&per_page=${PER_PAGE}`)).totalHeader),
    (page) => `/api/vendedor/contratos/${seller}?page=${page}&per_page=${PER_PAGE}`,
  );
  add("seller's requests (vendedor/contratos, unpaged)", `/api/vendedor/contratos/${seller}`, 'list');

  const middle = Math.floor(Number(dashboard.contratos) / 2);
  const active = (await get(`/api/v1/admin/contratos/activos?skip=${middle}&limit=${PER_PAGE}`))
    .body as unknown as {
    id: number;
    modalidadPago: string;
  }[];
  const financed = active.find((contract) => contract.modalidadPago === 'Financiado');
  if (financed) add(`instalments of contract ${financed.id}`, `/api/v1/cuotas/cuotas/${financed.id}`, 'list');

  const monthStart = new Date();
  monthStart.setUTCMonth(monthStart.getUTCMonth() - 6, 1);
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0));
  // The screens page these three on the server; their total comes in X-Total-Count.
  for (const [name, base] of [
    ['audit, one month', `/api/v1/admin/auditoria?desde=${isoDay(monthStart)}&hasta=${isoDay(monthEnd)}&`],
    ['financed contracts', '/api/v1/cuotas/contratos-financiados?'],
    ['cash contracts', '/api/v1/admin/contratos-de-contado?'],
  ] as const) {
    const probe = await fetch(`${baseUrl}${base}page=1&per_page=${PER_PAGE}`, { headers });
    const total = probe.headers.get('x-total-count');
    await probe.arrayBuffer();
    if (total !== null) paged(name, Number(total), (page) => `${base}page=${page}&per_page=${PER_PAGE}`);
    else add(`${name} (unpaged)`, base.slice(0, -1), 'list', '(no X-Total-Count: unpaged)');
  }

  add('dashboard', '/api/v1/vendedores/ventas/dashboard', 'dashboard');
  const yearAgo = new Date();
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const income = '/api/v1/admin/historial-ingresos-resumen';
  add('income summary, all', income, 'income');
  add('income summary, one seller', `${income}?vendedor_id=${seller}`, 'income');
  add('income summary, Financiado', `${income}?modalidad=Financiado`, 'income');
  add(
    'income summary, last year',
    `${income}?fecha_inicio=${isoDay(yearAgo)}&fecha_fin=${isoDay(new Date())}`,
    'income',
  );

  endpoints.push({
    name: 'login (POST, form)',
    request: {
      method: 'POST',
      path: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }).toString(),
      isFromManyAddresses: true,
    },
    connections: 8,
    target: targetOf('login', driver),
    kind: 'login',
  });
  return endpoints;
}
