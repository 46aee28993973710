import type { ClientWithRequests } from '@camposanto/domain';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSort,
} from '../../../components/data-table';

const columns: DataTableColumn<ClientWithRequests>[] = [
  { key: 'nombre', header: 'Nombre', sortField: 'nombre', render: (client) => client.nombre },
  { key: 'cedula', header: 'Cédula', sortField: 'cedula', noWrap: true, render: (client) => client.cedula },
  {
    key: 'telefono',
    header: 'Teléfono',
    sortField: 'telefono',
    noWrap: true,
    // SPEC §2: the phone column shows the mobile number, else the landline.
    render: (client) => client.celular ?? client.telefono ?? '—',
  },
  { key: 'direccion', header: 'Dirección', render: (client) => client.direccion ?? '—' },
  { key: 'correo', header: 'Correo', render: (client) => client.email ?? '—' },
];

interface ClientsTableProps {
  clients: readonly ClientWithRequests[];
  isLoading: boolean;
  emptyText: string;
  pagination: DataTablePagination;
  /** Issue 15: sorted on the server. */
  sort?: DataTableSort;
  renderRequests: (client: ClientWithRequests) => ReactNode;
}

/** SPEC §2 Sales lists: the seller's clients, each opening to its requests or contracts. */
export function ClientsTable({
  clients,
  isLoading,
  emptyText,
  pagination,
  sort,
  renderRequests,
}: ClientsTableProps) {
  return (
    <DataTable
      label="Clientes"
      columns={columns}
      rows={clients}
      rowKey={(client) => client.id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
      renderExpanded={renderRequests}
    />
  );
}
