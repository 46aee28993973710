import {
  CONTRACT_MESSAGES,
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  PAYMENT_MESSAGES,
  SERVICE_LABELS,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import {
  FINANCED_CONTRACTS_PATH,
  useFinancedContracts,
} from '../../../api/instalments/get-financed-contracts';
import { getSellers, sellersErrorText, sellersQueryKey } from '../../../api/sellers/get-sellers';
import { isRangeInverted, ListDateRange } from '../../../components/list-date-range';
import { listEmptyText, ListToolbar, type ListFilterSelect } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { ContractInstalments } from './contract-instalments';
import { FinancedContractsTable } from './financed-contracts-table';

const FILTERS = ['vendedor_id', 'servicio', 'desde', 'hasta'] as const;
const serviceOptions = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * SPEC §2 Admin screen 7 and the sales 'Reporte de cuotas': one screen, two routes. Issue 15: searched (client,
 * cédula, contract number), filtered (seller for the office, service, creation dates), sorted and exported by the
 * server, all kept in the URL.
 */
export function InstalmentsPage({ title, backTo }: { title: string; backTo: string }) {
  const session = useSession();
  const isOffice = session?.rol === 'administrador' || session?.rol === 'asistente';
  const list = useListParams({ filters: FILTERS, defaultPageSize: DEFAULT_LIST_PAGE_SIZE });
  // The server narrows a seller to their own contracts: a seller filter copied from the office's URL is dropped.
  const { vendedor_id: _seller, ...reachable } = list.query;
  const query = isOffice ? list.query : reachable;
  const isValid = !isRangeInverted(list.filters.desde, list.filters.hasta);
  // Issue 12: paged on the server, 1-based.
  const contracts = useFinancedContracts({ page: list.page + 1, perPage: list.pageSize }, query, {
    enabled: isValid,
  });
  const sellers = useQuery({
    queryKey: sellersQueryKey,
    queryFn: getSellers,
    enabled: isOffice,
    meta: { errorMessage: sellersErrorText },
  });
  useStepBackWhenEmpty(list, contracts.data?.items.length);

  const filters: ListFilterSelect[] = [
    {
      name: 'servicio',
      label: 'Servicio',
      value: list.filters.servicio,
      options: serviceOptions,
      onChange: (value) => list.setFilter('servicio', value),
    },
  ];
  if (isOffice) {
    filters.unshift({
      name: 'vendedor_id',
      label: 'Vendedor',
      value: list.filters.vendedor_id,
      options: (sellers.data?.vendedores ?? [])
        .map((seller) => ({ value: String(seller.id), label: seller.nombre }))
        .sort((a, b) => a.label.localeCompare(b.label, 'es')),
      onChange: (value) => list.setFilter('vendedor_id', value),
    });
  }

  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      {contracts.isError && (
        // SPEC §8: the contracts' failure is an alert.
        <Alert severity="error" sx={{ mb: 2 }}>
          {PAYMENT_MESSAGES.errorContratos}
        </Alert>
      )}
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por cliente, cédula o contrato"
        filters={filters}
        exportCsv={isValid ? { path: FINANCED_CONTRACTS_PATH, query, name: 'cuotas' } : undefined}
      >
        <ListDateRange
          desde={list.filters.desde}
          hasta={list.filters.hasta}
          onChange={(range) => list.setFilters(range)}
        />
      </ListToolbar>
      <FinancedContractsTable
        contracts={contracts.data?.items ?? []}
        isLoading={isValid && (contracts.isPending || contracts.isPlaceholderData)}
        emptyText={listEmptyText(list.q, CONTRACT_MESSAGES.sinContratos)}
        pagination={{
          mode: 'server',
          pageSizes: LIST_PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: contracts.data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        renderInstalments={(contract) => <ContractInstalments contract={contract} />}
      />
    </>
  );
}

export function AdminInstalmentsPage() {
  return <InstalmentsPage title="Historial de Cuotas" backTo="/administracion" />;
}

export function SalesInstalmentsPage() {
  return <InstalmentsPage title="Reporte de Cuotas" backTo="/ventas" />;
}
