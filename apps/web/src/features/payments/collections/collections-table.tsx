import { COLLECTION_BUCKET_LABELS as BUCKET_LABELS, type CollectionItem } from '@camposanto/domain';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSort,
} from '../../../components/data-table';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { twoLines } from '../shared/two-lines';
import { BUCKET_TONES } from './buckets';

/** Issue 14 Cobranza: one row per contract with overdue instalments. */
export function CollectionsTable({
  rows,
  isLoading,
  emptyText,
  pagination,
  sort,
  renderActions,
}: {
  rows: readonly CollectionItem[];
  isLoading: boolean;
  emptyText: string;
  pagination: DataTablePagination;
  /** Issue 15: sorted by the server (COLLECTION_SORT_FIELDS). */
  sort?: DataTableSort;
  renderActions: (row: CollectionItem) => ReactNode;
}) {
  const columns: DataTableColumn<CollectionItem>[] = [
    {
      key: 'contrato',
      header: 'Contrato',
      noWrap: true,
      // Kept in view while the table scrolls sideways on a tablet.
      sticky: { left: 0, width: 120 },
      sortField: 'numero_contrato',
      render: (row) => row.numero_contrato,
    },
    {
      key: 'cliente',
      header: 'Cliente',
      sortField: 'cliente',
      // The client's name, and under it each phone on a line of its own (the API joins them with ' / ').
      render: (row) => (
        <Box sx={{ minWidth: 150 }}>
          {row.cliente}
          {(row.telefono ? row.telefono.split(' / ') : ['Sin teléfono']).map((phone) => (
            <Typography
              key={phone}
              variant="body2"
              color="text.secondary"
              component="span"
              sx={{ display: 'block', whiteSpace: 'nowrap' }}
            >
              {phone}
            </Typography>
          ))}
        </Box>
      ),
    },
    { key: 'vendedor', header: 'Vendedor', sortField: 'vendedor', render: (row) => row.vendedor },
    {
      key: 'cuotas',
      header: twoLines('Cuotas', 'vencidas'),
      align: 'right',
      sortField: 'cuotas_vencidas',
      render: (row) => row.cuotas_vencidas,
    },
    {
      key: 'monto',
      header: twoLines('Monto', 'vencido'),
      align: 'right',
      noWrap: true,
      sortField: 'monto_vencido',
      render: (row) => <Money amount={row.monto_vencido} />,
    },
    {
      key: 'dias',
      header: twoLines('Días de', 'mora'),
      align: 'right',
      sortField: 'dias_mora',
      render: (row) => row.dias_mora,
    },
    {
      key: 'tramo',
      header: 'Antigüedad',
      noWrap: true,
      render: (row) => <StatusBadge label={BUCKET_LABELS[row.tramo]} tone={BUCKET_TONES[row.tramo]} />,
    },
    { key: 'acciones', header: 'Acciones', noWrap: true, render: renderActions },
  ];
  return (
    <DataTable
      label="Contratos con cuotas vencidas"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.contrato_id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
    />
  );
}
