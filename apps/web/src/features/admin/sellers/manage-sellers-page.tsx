import { MSG, type Seller } from '@camposanto/domain';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useSellers, sellersErrorText } from '../../../api/sellers/get-sellers';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { EditSellerDialog } from './edit-seller-dialog';

/** SPEC §2 Admin screen 2: Vendedores. There is no create or delete. */
export function ManageSellersPage() {
  const { data, isPending, isError, error } = useSellers();
  const [editing, setEditing] = useState<Seller | null>(null);
  const sellers = data?.vendedores ?? [];
  const supervisors = data?.usuarios ?? [];

  // SPEC §8: an info notice carries the server's mensaje when there are no sellers.
  useEffect(() => {
    if (data && data.vendedores.length === 0 && data.mensaje) {
      toast.info(data.mensaje, { toastId: 'vendedores-vacio' });
    }
  }, [data]);

  function supervisorName(seller: Seller): string {
    if (seller.supervisor_id === null) return 'Sin supervisor';
    return (
      seller.supervisor_nombre ??
      supervisors.find((supervisor) => supervisor.id === seller.supervisor_id)?.username ??
      'Sin supervisor'
    );
  }

  const columns: DataTableColumn<Seller>[] = [
    { key: 'nombre', header: 'Nombre', render: (seller) => seller.nombre },
    { key: 'cedula', header: 'Cédula', render: (seller) => seller.cedula ?? '—' },
    { key: 'direccion', header: 'Dirección', render: (seller) => seller.direccion ?? '—' },
    { key: 'telefono', header: 'Teléfono', render: (seller) => seller.telefono ?? '—' },
    { key: 'email', header: 'Email', render: (seller) => seller.email },
    { key: 'supervisor', header: 'Supervisor', render: supervisorName },
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
      <DataTable
        label="Vendedores"
        columns={columns}
        rows={sellers}
        rowKey={(seller) => seller.id}
        emptyText={isError ? sellersErrorText(error) : MSG.sinVendedoresDisponibles}
        isLoading={isPending}
        pagination={{ mode: 'client', pageSizes: [10, 25, 50] }}
      />
      {editing && (
        <EditSellerDialog seller={editing} supervisors={supervisors} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
