import {
  REQUEST_STATE_LABELS,
  SALES_LIST_MESSAGES,
  SALES_REQUEST_STATES,
  SERVICE_LABELS,
  type ClientWithRequests,
  type RequestDto,
} from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { clientContractsPath, clientContractsQuery } from '../../../api/sales-lists/get-client-contracts';
import { clientRequestsPath, clientRequestsQuery } from '../../../api/sales-lists/get-client-requests';
import { ListDateRange } from '../../../components/list-date-range';
import { listEmptyText, ListToolbar, type ListFilterSelect } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { listPagination, withoutInvertedRange } from '../../../lib/list-pagination';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { ClientRequestsTable } from './client-requests-table';
import { ClientsTable } from './clients-table';
import { useSellerId } from './use-seller-id';

/** SPEC §2: the requests view and the contracts view have the same structure. */
const LISTS = {
  solicitudes: {
    query: clientRequestsQuery,
    path: clientRequestsPath,
    errorText: SALES_LIST_MESSAGES.errorListaClientes,
    requestsOf: (client: ClientWithRequests): RequestDto[] => client.solicitudes,
    requestsLabel: 'Solicitudes',
    noRequestsText: SALES_LIST_MESSAGES.clienteSinSolicitudes,
    hasStateFilter: true,
  },
  contratos: {
    query: clientContractsQuery,
    path: clientContractsPath,
    errorText: SALES_LIST_MESSAGES.errorListaContratos,
    requestsOf: (client: ClientWithRequests): RequestDto[] => client.contratos,
    requestsLabel: 'Contratos',
    noRequestsText: SALES_LIST_MESSAGES.clienteSinContratos,
    hasStateFilter: false,
  },
} as const;

const SERVICE_OPTIONS = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = SALES_REQUEST_STATES.map((value) => ({ value, label: REQUEST_STATE_LABELS[value]! }));

/**
 * SPEC §2 Sales area /ventas/solicitudes, /ventas/clientes and /ventas/contratos. Issue 15 (decision 032): searched
 * by client or number, filtered by state, service and day, sorted and paged on the server, the URL keeping it all,
 * and exported as CSV (one row per request).
 */
export function ClientListPage({
  kind,
  title,
  csvName,
}: {
  kind: keyof typeof LISTS;
  title: string;
  csvName: string;
}) {
  const config = LISTS[kind];
  const sellerId = useSellerId();
  const list = useListParams({ filters: ['estado', 'servicio', 'desde', 'hasta'] });
  const { desde, hasta } = list.filters;
  const query = withoutInvertedRange(list.query);
  const clients = useQuery({
    // SPEC §9 Server lists: the sales lists' pages are 1-based.
    ...config.query({ sellerId: sellerId ?? '', page: list.page + 1, perPage: list.pageSize, query }),
    enabled: Boolean(sellerId),
  });
  useStepBackWhenEmpty(list, clients.data?.items.length);

  const emptyText = !sellerId
    ? SALES_LIST_MESSAGES.sinIdVendedor
    : clients.isError
      ? config.errorText
      : listEmptyText(list.q, SALES_LIST_MESSAGES.sinClientes);

  const filters: ListFilterSelect[] = [
    ...(config.hasStateFilter
      ? [
          {
            name: 'estado',
            label: 'Estado',
            value: list.filters.estado,
            options: STATE_OPTIONS,
            onChange: (value: string) => list.setFilter('estado', value),
          },
        ]
      : []),
    {
      name: 'servicio',
      label: 'Servicio',
      value: list.filters.servicio,
      options: SERVICE_OPTIONS,
      onChange: (value) => list.setFilter('servicio', value),
    },
  ];

  return (
    <>
      <PageHeader title={title} backTo="/ventas" />
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por cliente, cédula, teléfono o número"
        filters={filters}
        exportCsv={sellerId ? { path: config.path(sellerId), query, name: csvName } : undefined}
      >
        <ListDateRange desde={desde} hasta={hasta} onChange={(range) => list.setFilters(range)} />
      </ListToolbar>
      <ClientsTable
        clients={clients.data?.items ?? []}
        isLoading={Boolean(sellerId) && (clients.isPending || clients.isPlaceholderData)}
        emptyText={emptyText}
        pagination={listPagination(list, clients.data?.total ?? 0)}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
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
  return <ClientListPage kind="solicitudes" title="Solicitudes" csvName="solicitudes" />;
}

export function ClientsPage() {
  return <ClientListPage kind="solicitudes" title="Clientes" csvName="clientes" />;
}

export function ClientContractsPage() {
  return <ClientListPage kind="contratos" title="Contratos" csvName="contratos" />;
}
