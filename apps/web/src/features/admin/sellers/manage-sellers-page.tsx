import { MSG, type Seller } from '@camposanto/domain';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { SELLERS_PATH, sellersErrorText, useSellersPage } from '../../../api/sellers/get-sellers';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { EditSellerDialog } from './edit-seller-dialog';

// SPEC §2 Admin screen 2 pages by 10, 25 or 50 (on the server since issue 15).
const SELLER_PAGE_SIZES = [10, 25, 50] as const;

/**
 * SPEC §2 Admin screen 2: Vendedores. There is no create or delete. Issue 15 (decision 032): searched, filtered by
 * supervisor, sorted and paged on the server, with page, q, orden and supervisor in the URL, and exported as CSV.
 */
export function ManageSellersPage() {
  const list = useListParams({ filters: ['supervisor'] });
  const { data, isPending, isError, error } = useSellersPage(list.query, {
    page: list.page + 1,
    perPage: list.pageSize,
  });
  useStepBackWhenEmpty(list, data?.vendedores.length);
  const isFiltered = Object.keys(list.query).length > 0;
  const [editing, setEditing] = useState<Seller | null>(null);
  const sellers = data?.vendedores ?? [];
  const supervisors = data?.usuarios ?? [];

  // SPEC §8: an info notice carries the server's mensaje when there are no sellers (not when a search finds none).
  useEffect(() => {
    if (data && !isFiltered && data.total === 0 && data.mensaje) {
      toast.info(data.mensaje, { toastId: 'vendedores-vacio' });
    }
  }, [data, isFiltered]);

  function supervisorName(seller: Seller): string {
    if (seller.supervisor_id === null) return 'Sin supervisor';
    return (
      seller.supervisor_nombre ??
      supervisors.find((supervisor) => supervisor.id === seller.supervisor_id)?.username ??
      'Sin supervisor'
    );
  }

  const columns: DataTableColumn<Seller>[] = [
    { key: 'nombre', sortField: 'nombre', header: 'Nombre', render: (seller) => seller.nombre },
    { key: 'cedula', sortField: 'cedula', header: 'Cédula', render: (seller) => seller.cedula ?? '—' },
    { key: 'direccion', header: 'Dirección', render: (seller) => seller.direccion ?? '—' },
    { key: 'telefono', header: 'Teléfono', render: (seller) => seller.telefono ?? '—' },
    { key: 'email', sortField: 'email', header: 'Email', render: (seller) => seller.email },
    { key: 'supervisor', sortField: 'supervisor', header: 'Supervisor', render: supervisorName },
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (seller) => (
        <Tooltip title="Editar">
          <IconButton aria-label="Editar" color="primary" onClick={() => setEditing(seller)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Gestionar Vendedores" backTo="/administracion" />
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por nombre, cédula, email o teléfono"
        filters={[
          {
            name: 'supervisor',
            label: 'Supervisor',
            value: list.filters.supervisor,
            options: [
              { value: 'ninguno', label: 'Sin supervisor' },
              ...supervisors.map((supervisor) => ({
                value: String(supervisor.id),
                label: supervisor.username,
              })),
            ],
            onChange: (value) => list.setFilter('supervisor', value),
          },
        ]}
        exportCsv={{ path: SELLERS_PATH, query: list.query, name: 'vendedores' }}
      />
      <DataTable
        label="Vendedores"
        columns={columns}
        rows={sellers}
        rowKey={(seller) => seller.id}
        emptyText={isError ? sellersErrorText(error) : listEmptyText(list.q, MSG.sinVendedoresDisponibles)}
        isLoading={isPending}
        pagination={{
          mode: 'server',
          pageSizes: SELLER_PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
      />
      {editing && (
        <EditSellerDialog seller={editing} supervisors={supervisors} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
