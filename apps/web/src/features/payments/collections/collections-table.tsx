import { COLLECTION_BUCKET_LABELS as BUCKET_LABELS, type CollectionItem } from '@camposanto/domain';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTablePagination } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { BUCKET_TONES } from './buckets';

/** Issue 14 Cobranza: one row per contract with overdue instalments. */
export function CollectionsTable({
  rows,
  isLoading,
  emptyText,
  pagination,
  renderActions,
}: {
  rows: readonly CollectionItem[];
  isLoading: boolean;
  emptyText: string;
  pagination: DataTablePagination;
  renderActions: (row: CollectionItem) => ReactNode;
}) {
  const columns: DataTableColumn<CollectionItem>[] = [
    { key: 'contrato', header: 'Contrato', noWrap: true, render: (row) => row.numero_contrato },
    { key: 'cliente', header: 'Cliente', render: (row) => row.cliente },
    { key: 'telefono', header: 'Teléfono', noWrap: true, render: (row) => row.telefono || '—' },
    { key: 'vendedor', header: 'Vendedor', render: (row) => row.vendedor },
    { key: 'cuotas', header: 'Cuotas vencidas', align: 'right', render: (row) => row.cuotas_vencidas },
    {
      key: 'monto',
      header: 'Monto vencido',
      align: 'right',
      noWrap: true,
      render: (row) => <Money amount={row.monto_vencido} />,
    },
    { key: 'dias', header: 'Días de mora', align: 'right', render: (row) => row.dias_mora },
    {
      key: 'tramo',
      header: 'Antigüedad',
      noWrap: true,
      render: (row) => <StatusBadge label={BUCKET_LABELS[row.tramo]} tone={BUCKET_TONES[row.tramo]} />,
    },
    { key: 'acciones', header: 'Acciones', render: renderActions },
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
    />
  );
}
