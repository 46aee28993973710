import type { SearchGroup, SearchResponse } from '@camposanto/domain';

// Issue 15: the header search's results as the list shows them, in its groups' order, each with where it lives in
// the area it was asked from. No screen opens one client, request or contract by its address yet, so a result
// leads to the list that holds it (docs/decisions/028-global-search.md). Each group then offers the lists the user
// may open with the same text already searched (`?q=`, decision 032), since a group shows at most 10 rows.

export type SearchArea = 'admin' | 'sales';

export type SearchOption = {
  /** Unique within the results: the group and the row's id. */
  key: string;
  group: SearchGroup;
  primary: string;
  secondary: string;
  href: string;
  /** A 'Ver todos en …' entry: the whole list with the text searched, not one row. */
  isListLink?: true;
};

export const GROUP_HEADINGS: Readonly<Record<SearchGroup, string>> = {
  clientes: 'Clientes',
  solicitudes: 'Solicitudes',
  contratos: 'Contratos',
  parcelas: 'Parcelas',
  nichos: 'Nichos',
};

export const GROUP_ORDER: readonly SearchGroup[] = [
  'clientes',
  'solicitudes',
  'contratos',
  'parcelas',
  'nichos',
];

const LISTS: Readonly<Record<SearchArea, Record<SearchGroup | 'caducadas', string>>> = {
  admin: {
    clientes: '/administracion/gestionar-contratos',
    solicitudes: '/administracion/gestionar-solicitudes',
    caducadas: '/administracion/gestionar-solicitudes-caducadas',
    contratos: '/administracion/gestionar-contratos',
    parcelas: '/administracion/gestionar-parcelas',
    nichos: '/administracion/gestionar-columbarios',
  },
  sales: {
    clientes: '/ventas/clientes',
    solicitudes: '/ventas/solicitudes',
    caducadas: '/ventas/solicitudes',
    contratos: '/ventas/contratos',
    // A seller has no inventory screen: a plot or a niche leads to the form that requests it.
    parcelas: '/ventas/contrato/parcelas',
    nichos: '/ventas/contrato/nichos-columbarios',
  },
};

type ListLink = { label: string; path: string };

/**
 * The lists that hold each group's rows and take `?q=`, as each area may open them. The office has no client list
 * (a client's requests and contracts have their own) and a seller no inventory list (only the forms that sell it).
 */
const LIST_LINKS: Readonly<Record<SearchArea, Record<SearchGroup, readonly ListLink[]>>> = {
  admin: {
    clientes: [],
    solicitudes: [
      { label: 'Ver todos en Convertir Solicitudes a Contratos', path: LISTS.admin.solicitudes },
      { label: 'Ver todos en Solicitudes Caducadas', path: LISTS.admin.caducadas },
    ],
    contratos: [{ label: 'Ver todos en Contratos Activos', path: LISTS.admin.contratos }],
    parcelas: [{ label: 'Ver todos en Parcelas', path: LISTS.admin.parcelas }],
    nichos: [{ label: 'Ver todos en Columbarios', path: LISTS.admin.nichos }],
  },
  sales: {
    clientes: [{ label: 'Ver todos en Clientes', path: LISTS.sales.clientes }],
    solicitudes: [{ label: 'Ver todos en Solicitudes', path: LISTS.sales.solicitudes }],
    contratos: [{ label: 'Ver todos en Contratos', path: LISTS.sales.contratos }],
    parcelas: [],
    nichos: [],
  },
};

export const areaOf = (homePath: string): SearchArea =>
  homePath.startsWith('/administracion') ? 'admin' : 'sales';

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

const NICHE_STATES: Readonly<Record<string, string>> = {
  disponible: 'Disponible',
  reservado: 'Reservado',
  vendido: 'Vendido',
  ocupado: 'Ocupado',
};

/** The group's 'Ver todos en …' entries, each opening its list with `q` searched; none for a group with no rows. */
function listLinks(
  group: SearchGroup,
  rows: readonly unknown[],
  area: SearchArea,
  q: string,
): SearchOption[] {
  if (!rows.length) return [];
  const search = new URLSearchParams({ q }).toString();
  return LIST_LINKS[area][group].map(({ label, path }) => ({
    key: `${group}-todos-${path}`,
    group,
    primary: label,
    secondary: '',
    href: `${path}?${search}`,
    isListLink: true,
  }));
}

/**
 * The results in the list's order (clients, requests, contracts, plots, niches), each group followed by its lists'
 * 'Ver todos en …' entries for the searched text `q`.
 */
export function searchOptions(results: SearchResponse, area: SearchArea, q: string): SearchOption[] {
  const lists = LISTS[area];
  const linksOf = (group: SearchGroup) => listLinks(group, results[group], area, q);
  return [
    ...results.clientes.map((row) => ({
      key: `clientes-${row.id}`,
      group: 'clientes' as const,
      primary: row.nombre,
      secondary: joined(row.cedula, row.telefono, row.celular),
      href: lists.clientes,
    })),
    ...linksOf('clientes'),
    ...results.solicitudes.map((row) => ({
      key: `solicitudes-${row.id}`,
      group: 'solicitudes' as const,
      primary: row.numero_solicitud,
      secondary: joined(row.cliente_nombre, row.cliente_cedula, row.estado === 'caducada' ? 'Caducada' : ''),
      href: row.estado === 'caducada' ? lists.caducadas : lists.solicitudes,
    })),
    ...linksOf('solicitudes'),
    ...results.contratos.map((row) => ({
      key: `contratos-${row.id}`,
      group: 'contratos' as const,
      primary: row.numero_contrato ?? row.numero_solicitud,
      secondary: joined(row.cliente_nombre, row.cliente_cedula, row.numero_solicitud),
      href: lists.contratos,
    })),
    ...linksOf('contratos'),
    ...results.parcelas.map((row) => ({
      key: `parcelas-${row.id}`,
      group: 'parcelas' as const,
      primary: row.codigo,
      secondary: `${row.disponible} de ${row.puestos} puestos disponibles`,
      href: lists.parcelas,
    })),
    ...linksOf('parcelas'),
    ...results.nichos.map((row) => ({
      key: `nichos-${row.id}`,
      group: 'nichos' as const,
      primary: row.codigo,
      secondary: joined(NICHE_STATES[row.estado] ?? row.estado, row.capilla),
      href: lists.nichos,
    })),
    ...linksOf('nichos'),
  ];
}

/** The option after (`step` 1) or before (-1) `index`, going round; -1 when there is none. */
export function moveActive(index: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}
