import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES, MSG, type Niche } from '@camposanto/domain';
import { useState } from 'react';
import { withDetail } from '../../../api/client';
import { useNiches } from '../../../api/inventory/get-niches';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';

const STATE_TONES: Record<string, StatusTone> = {
  disponible: 'success',
  reservado: 'warning',
  vendido: 'default',
  ocupado: 'error',
};

const text = (value: string | null) => value ?? '—';
const amount = (value: number | null) => (value === null ? '—' : <Money amount={value} />);

const columns: DataTableColumn<Niche>[] = [
  { key: 'codigo', header: 'Código', noWrap: true, render: (niche) => niche.codigo },
  { key: 'capilla', header: 'Capilla', render: (niche) => text(niche.capilla) },
  { key: 'lado', header: 'Lado', render: (niche) => text(niche.lado) },
  { key: 'fila', header: 'Fila', render: (niche) => text(niche.fila) },
  { key: 'columna', header: 'Columna', render: (niche) => text(niche.columna) },
  { key: 'nichos', header: 'Nichos', align: 'right', render: (niche) => niche.cantidad_nichos },
  { key: 'plan', header: 'Plan', render: (niche) => text(niche.plan) },
  {
    key: 'estado',
    header: 'Estado',
    render: (niche) => (
      <StatusBadge label={niche.estado.toUpperCase()} tone={STATE_TONES[niche.estado] ?? 'default'} />
    ),
  },
  { key: 'contado', header: 'Contado', align: 'right', noWrap: true, render: (n) => amount(n.mto_contado) },
  {
    key: 'financiado',
    header: 'Financiado',
    align: 'right',
    noWrap: true,
    render: (niche) => amount(niche.mto_financiado),
  },
];

/** The columbarium niches, paged on the server (SPEC §9 list sizes). */
export function NichesTable() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_LIST_PAGE_SIZE);
  const niches = useNiches(page + 1, pageSize);

  return (
    <DataTable
      label="Nichos de columbario"
      columns={columns}
      rows={niches.data?.items ?? []}
      rowKey={(niche) => niche.id}
      emptyText={niches.isError ? withDetail(MSG.errorCargarDatos, niches.error) : MSG.sinNichos}
      isLoading={niches.isPending}
      pagination={{
        mode: 'server',
        pageSizes: LIST_PAGE_SIZES,
        page,
        pageSize,
        total: niches.data?.total ?? 0,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(0);
        },
      }}
    />
  );
}
