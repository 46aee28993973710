import { SALES_LIST_MESSAGES, type ClientWithRequests, type RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { clientContractsQuery } from '../../../api/sales-lists/get-client-contracts';
import { clientRequestsQuery } from '../../../api/sales-lists/get-client-requests';
import { PageHeader } from '../../../components/page-header';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { ClientRequestsTable } from './client-requests-table';
import { ClientsTable } from './clients-table';
import { useSellerId } from './use-seller-id';

/** SPEC §2: the requests view and the contracts view have the same structure. */
const LISTS = {
  solicitudes: {
    query: clientRequestsQuery,
    errorText: SALES_LIST_MESSAGES.errorListaClientes,
    requestsOf: (client: ClientWithRequests): RequestDto[] => client.solicitudes,
    requestsLabel: 'Solicitudes',
    noRequestsText: SALES_LIST_MESSAGES.clienteSinSolicitudes,
  },
  contratos: {
    query: clientContractsQuery,
    errorText: SALES_LIST_MESSAGES.errorListaContratos,
    requestsOf: (client: ClientWithRequests): RequestDto[] => client.contratos,
    requestsLabel: 'Contratos',
    noRequestsText: SALES_LIST_MESSAGES.clienteSinContratos,
  },
} as const;

/** SPEC §2 Sales area /ventas/solicitudes, /ventas/clientes and /ventas/contratos. */
export function ClientListPage({ kind, title }: { kind: keyof typeof LISTS; title: string }) {
  const config = LISTS[kind];
  const sellerId = useSellerId();
  const table = useTablePage();
  const list = useQuery({
    // SPEC §9 Server lists: the sales lists' pages are 1-based.
    ...config.query({ sellerId: sellerId ?? '', page: table.page + 1, perPage: table.pageSize }),
    enabled: Boolean(sellerId),
  });
  useStepBackWhenEmpty(table, list.data?.items.length);

  const emptyText = !sellerId
    ? SALES_LIST_MESSAGES.sinIdVendedor
    : list.isError
      ? config.errorText
      : SALES_LIST_MESSAGES.sinClientes;

  return (
    <>
      <PageHeader title={title} backTo="/ventas" />
      <ClientsTable
        clients={list.data?.items ?? []}
        isLoading={Boolean(sellerId) && (list.isPending || list.isPlaceholderData)}
        emptyText={emptyText}
        pagination={table.pagination(list.data?.total ?? 0)}
        renderRequests={(client) => (
          <ClientRequestsTable
            label={`${config.requestsLabel} de ${client.nombre}`}
            requests={config.requestsOf(client)}
            emptyText={config.noRequestsText}
          />
        )}
      />
    </>
  );
}

export function ClientRequestsPage() {
  return <ClientListPage kind="solicitudes" title="Solicitudes" />;
}

export function ClientsPage() {
  return <ClientListPage kind="solicitudes" title="Clientes" />;
}

export function ClientContractsPage() {
  return <ClientListPage kind="contratos" title="Contratos" />;
}
