import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  MSG,
  SALES_LIST_MESSAGES,
  SELLER_LIST_ROLES,
  type SellerSummary,
} from '@camposanto/domain';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { useTeamSellers } from '../../../api/sales-lists/get-team-sellers';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { SellerContractsDialog } from './seller-contracts-dialog';

/** SPEC §2 Sales area: 'Lista de Vendedores', for administrador and supervisor only (SPEC §6). */
export function TeamSellersPage() {
  const session = useSession();
  if (!session || !SELLER_LIST_ROLES.includes(session.rol)) return <Navigate to="/ventas" replace />;
  return <TeamSellersList leaderId={session.userId} />;
}

function TeamSellersList({ leaderId }: { leaderId: string }) {
  const sellers = useTeamSellers(leaderId);
  const [selected, setSelected] = useState<SellerSummary | null>(null);

  // SPEC §8: an info notice when the supervisor leads no sellers.
  useEffect(() => {
    if (sellers.data?.length === 0) {
      toast.info(SALES_LIST_MESSAGES.sinVendedoresACargo, { toastId: 'sin-vendedores-a-cargo' });
    }
  }, [sellers.data]);

  const columns: DataTableColumn<SellerSummary>[] = [
    { key: 'vendedor', header: 'Vendedor', render: (seller) => seller.usuario },
    { key: 'email', header: 'Email', render: (seller) => seller.email },
    {
      key: 'telefono',
      header: 'Teléfono',
      noWrap: true,
      render: (seller) => seller.telefono || SALES_LIST_MESSAGES.noDisponible,
    },
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (seller) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={`Ver Detalles de ${seller.usuario}`}
          onClick={() => setSelected(seller)}
        >
          Ver Detalles
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Lista de Vendedores" backTo="/ventas" />
      <DataTable
        label="Vendedores"
        columns={columns}
        rows={sellers.data ?? []}
        rowKey={(seller) => seller.id}
        emptyText={sellers.isError ? MSG.errorCargarVendedores : SALES_LIST_MESSAGES.sinVendedoresAsignados}
        isLoading={sellers.isPending}
        pagination={{ mode: 'client', pageSizes: LIST_PAGE_SIZES, defaultPageSize: DEFAULT_LIST_PAGE_SIZE }}
      />
      {selected && <SellerContractsDialog seller={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
