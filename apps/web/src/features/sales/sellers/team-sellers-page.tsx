import { MSG, SALES_LIST_MESSAGES, SELLER_LIST_ROLES, type SellerSummary } from '@camposanto/domain';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { teamSellersPath, useTeamSellersPage } from '../../../api/sales-lists/get-team-sellers';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { listPagination } from '../../../lib/list-pagination';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { SellerContractsDialog } from './seller-contracts-dialog';

/** SPEC §2 Sales area: 'Lista de Vendedores', for administrador and supervisor only (SPEC §6). */
export function TeamSellersPage() {
  const session = useSession();
  if (!session || !SELLER_LIST_ROLES.includes(session.rol)) return <Navigate to="/ventas" replace />;
  return <TeamSellersList leaderId={session.userId} />;
}

/**
 * Issue 15 (decision 032): searched, sorted and paged on the server, the URL keeping it, and exported as CSV.
 */
function TeamSellersList({ leaderId }: { leaderId: string }) {
  const list = useListParams();
  const sellers = useTeamSellersPage(leaderId, list.query, { page: list.page + 1, perPage: list.pageSize });
  useStepBackWhenEmpty(list, sellers.data?.items.length);
  const [selected, setSelected] = useState<SellerSummary | null>(null);
  const isSearching = Boolean(list.q);

  // SPEC §8: an info notice when the supervisor leads no sellers (not when a search finds none).
  useEffect(() => {
    if (!isSearching && sellers.data?.total === 0) {
      toast.info(SALES_LIST_MESSAGES.sinVendedoresACargo, { toastId: 'sin-vendedores-a-cargo' });
    }
  }, [sellers.data, isSearching]);

  const columns: DataTableColumn<SellerSummary>[] = [
    { key: 'vendedor', header: 'Vendedor', sortField: 'usuario', render: (seller) => seller.usuario },
    { key: 'email', header: 'Email', sortField: 'email', render: (seller) => seller.email },
    {
      key: 'telefono',
      header: 'Teléfono',
      sortField: 'telefono',
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
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por nombre, email, cédula o teléfono"
        exportCsv={{ path: teamSellersPath(leaderId), query: list.query, name: 'vendedores' }}
      />
      <DataTable
        label="Vendedores"
        columns={columns}
        rows={sellers.data?.items ?? []}
        rowKey={(seller) => seller.id}
        emptyText={
          sellers.isError
            ? MSG.errorCargarVendedores
            : listEmptyText(list.q, SALES_LIST_MESSAGES.sinVendedoresAsignados)
        }
        isLoading={sellers.isPending}
        pagination={listPagination(list, sellers.data?.total ?? 0)}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
      />
      {selected && <SellerContractsDialog seller={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
