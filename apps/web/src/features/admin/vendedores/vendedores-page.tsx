import { MSG, type Vendedor } from '@camposanto/domain';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useVendedores, vendedoresErrorText } from '../../../api/vendedores/get-vendedores';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { VendedorDialog } from './vendedor-dialog';

/** SPEC §2 Admin screen 2: Vendedores. There is no create or delete. */
export function VendedoresPage() {
  const { data, isPending, isError, error } = useVendedores();
  const [editing, setEditing] = useState<Vendedor | null>(null);
  const vendedores = data?.vendedores ?? [];
  const supervisors = data?.usuarios ?? [];

  // SPEC §8: an info notice carries the server's mensaje when there are no sellers.
  useEffect(() => {
    if (data && data.vendedores.length === 0 && data.mensaje) {
      toast.info(data.mensaje, { toastId: 'vendedores-vacio' });
    }
  }, [data]);

  function supervisorName(vendedor: Vendedor): string {
    if (vendedor.supervisor_id === null) return 'Sin supervisor';
    return (
      vendedor.supervisor_nombre ??
      supervisors.find((supervisor) => supervisor.id === vendedor.supervisor_id)?.username ??
      'Sin supervisor'
    );
  }

  const columns: DataTableColumn<Vendedor>[] = [
    { key: 'nombre', header: 'Nombre', render: (vendedor) => vendedor.nombre },
    { key: 'cedula', header: 'Cédula', render: (vendedor) => vendedor.cedula ?? '—' },
    { key: 'direccion', header: 'Dirección', render: (vendedor) => vendedor.direccion ?? '—' },
    { key: 'telefono', header: 'Teléfono', render: (vendedor) => vendedor.telefono ?? '—' },
    { key: 'email', header: 'Email', render: (vendedor) => vendedor.email },
    { key: 'supervisor', header: 'Supervisor', render: supervisorName },
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (vendedor) => (
        <Tooltip title="Editar">
          <IconButton aria-label="Editar" color="primary" onClick={() => setEditing(vendedor)}>
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
        rows={vendedores}
        rowKey={(vendedor) => vendedor.id}
        emptyText={isError ? vendedoresErrorText(error) : MSG.sinVendedoresDisponibles}
        isLoading={isPending}
        pagination={{ mode: 'client', pageSizes: [10, 25, 50] }}
      />
      {editing && (
        <VendedorDialog vendedor={editing} supervisors={supervisors} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
