import type { ClientWithRequests } from '@camposanto/domain';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTablePagination } from '../../../components/data-table';

const columns: DataTableColumn<ClientWithRequests>[] = [
  { key: 'nombre', header: 'Nombre', render: (client) => client.nombre },
  { key: 'cedula', header: 'Cédula', noWrap: true, render: (client) => client.cedula },
  {
    key: 'telefono',
    header: 'Teléfono',
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
  renderRequests: (client: ClientWithRequests) => ReactNode;
}

/** SPEC §2 Sales lists: the seller's clients, each opening to its requests or contracts. */
export function ClientsTable({
  clients,
  isLoading,
  emptyText,
  pagination,
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
      renderExpanded={renderRequests}
    />
  );
}
