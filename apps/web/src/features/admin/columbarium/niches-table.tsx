import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  MSG,
  NICHE_STATE_FILTERS,
  type Niche,
} from '@camposanto/domain';
import { withDetail } from '../../../api/client';
import { NICHES_PATH, useNiches } from '../../../api/inventory/get-niches';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { Money } from '../../../components/money';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';

const STATE_LABELS: Record<(typeof NICHE_STATE_FILTERS)[number], string> = {
  disponible: 'Disponible',
  reservado: 'Reservado',
  vendido: 'Vendido',
  ocupado: 'Ocupado',
};

const STATE_TONES: Record<string, StatusTone> = {
  disponible: 'success',
  reservado: 'warning',
  vendido: 'default',
  ocupado: 'error',
};

const text = (value: string | null) => value ?? '—';
const amount = (value: number | null) => (value === null ? '—' : <Money amount={value} />);

const columns: DataTableColumn<Niche>[] = [
  { key: 'codigo', sortField: 'codigo', header: 'Código', noWrap: true, render: (niche) => niche.codigo },
  { key: 'capilla', sortField: 'capilla', header: 'Capilla', render: (niche) => text(niche.capilla) },
  { key: 'lado', sortField: 'lado', header: 'Lado', render: (niche) => text(niche.lado) },
  { key: 'fila', sortField: 'fila', header: 'Fila', render: (niche) => text(niche.fila) },
  { key: 'columna', sortField: 'columna', header: 'Columna', render: (niche) => text(niche.columna) },
  { key: 'nichos', header: 'Nichos', align: 'right', render: (niche) => niche.cantidad_nichos },
  { key: 'plan', header: 'Plan', render: (niche) => text(niche.plan) },
  {
    key: 'estado',
    header: 'Estado',
    sortField: 'estado',
    render: (niche) => (
      <StatusBadge label={niche.estado.toUpperCase()} tone={STATE_TONES[niche.estado] ?? 'default'} />
    ),
  },
  {
    key: 'contado',
    sortField: 'mto_contado',
    header: 'Contado',
    align: 'right',
    noWrap: true,
    render: (n) => amount(n.mto_contado),
  },
  {
    key: 'financiado',
    header: 'Financiado',
    align: 'right',
    noWrap: true,
    render: (niche) => amount(niche.mto_financiado),
  },
];

/**
 * The columbarium niches, paged on the server (SPEC §9 list sizes). Issue 15 (decision 032): searched, filtered by
 * estado and sorted on the server, with page, q, orden and estado in the URL, and exported as CSV.
 */
export function NichesTable() {
  const list = useListParams({ filters: ['estado'], defaultPageSize: DEFAULT_LIST_PAGE_SIZE });
  const niches = useNiches(list.page + 1, list.pageSize, list.query);
  useStepBackWhenEmpty(list, niches.data?.items.length);

  return (
    <>
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por código, capilla o plan"
        filters={[
          {
            name: 'estado',
            label: 'Estado',
            value: list.filters.estado,
            options: NICHE_STATE_FILTERS.map((estado) => ({ value: estado, label: STATE_LABELS[estado] })),
            onChange: (value) => list.setFilter('estado', value),
          },
        ]}
        exportCsv={{ path: NICHES_PATH, query: list.query, name: 'columbarios' }}
      />
      <DataTable
        label="Nichos de columbario"
        columns={columns}
        rows={niches.data?.items ?? []}
        rowKey={(niche) => niche.id}
        emptyText={
          niches.isError
            ? withDetail(MSG.errorCargarDatos, niches.error)
            : listEmptyText(list.q, MSG.sinNichos)
        }
        isLoading={niches.isPending}
        pagination={{
          mode: 'server',
          pageSizes: LIST_PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: niches.data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
      />
    </>
  );
}
