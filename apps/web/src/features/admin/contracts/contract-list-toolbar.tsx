import {
  CONTRACT_LIST_MESSAGES,
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  MSG,
  SERVICE_LABELS,
} from '@camposanto/domain';
import { useEffect, useState } from 'react';
import { useSellers } from '../../../api/sellers/get-sellers';
import { DateInput } from '../../../components/date-input';
import { ListToolbar } from '../../../components/list-toolbar';
import type { DataTablePagination } from '../../../lib/table-pagination';
import { useListParams, type ListParams } from '../../../lib/use-list-params';

// Issue 15 (decision 032): the search, filters and CSV export shared by the administration's contract lists
// (Gestionar Solicitudes, Contratos Activos, Caducadas, Pagos de Contado and Financiados).

export const CONTRACT_LIST_FILTERS = ['tipo_servicio', 'vendedor', 'desde', 'hasta'] as const;
export type ContractListFilter = (typeof CONTRACT_LIST_FILTERS)[number];

const SERVICE_OPTIONS = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));

/** A contract list's page, q, orden and filters, kept in the URL; `extra` names a list's own filters. */
export function useContractListParams<Extra extends string = never>(extra: readonly Extra[] = []) {
  return useListParams<ContractListFilter | Extra>({
    filters: [...CONTRACT_LIST_FILTERS, ...extra],
    defaultPageSize: DEFAULT_LIST_PAGE_SIZE,
  });
}

/** The DataTable's server pagination over the URL's page (SPEC §9 sizes 5, 10, 25). */
export function contractListPagination(
  list: Pick<ListParams<never>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>,
  total: number,
): DataTablePagination {
  return {
    mode: 'server',
    pageSizes: LIST_PAGE_SIZES,
    page: list.page,
    pageSize: list.pageSize,
    total,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
  };
}

interface ContractListToolbarProps {
  list: ListParams<ContractListFilter>;
  /** The list's route and the words only it sends (estado, modalidad), for the CSV. */
  exportCsv: { path: string; name: string; query?: Record<string, string> };
}

/** Search by client, cédula or number; service, seller and creation dates; 'Exportar CSV' of the filter. */
export function ContractListToolbar({ list, exportCsv }: ContractListToolbarProps) {
  const sellers = useSellers();
  const sellerOptions = (sellers.data?.vendedores ?? [])
    .map((seller) => ({ value: String(seller.id), label: seller.nombre }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));

  return (
    <ListToolbar
      q={list.q}
      onSearch={list.setQ}
      searchLabel={CONTRACT_LIST_MESSAGES.buscarSolicitudes}
      filters={[
        {
          name: 'tipo_servicio',
          label: 'Tipo de Servicio',
          value: list.filters.tipo_servicio,
          options: SERVICE_OPTIONS,
          onChange: (value) => list.setFilter('tipo_servicio', value),
        },
        {
          name: 'vendedor',
          label: 'Vendedor',
          // A seller of the URL shows once the sellers have come (a select refuses a value it has no option for).
          value: sellerOptions.some((option) => option.value === list.filters.vendedor)
            ? list.filters.vendedor
            : '',
          options: sellerOptions,
          onChange: (value) => list.setFilter('vendedor', value),
        },
      ]}
      exportCsv={{
        path: exportCsv.path,
        query: { ...exportCsv.query, ...list.query },
        name: exportCsv.name,
      }}
    >
      <CreationDateRange
        desde={list.filters.desde}
        hasta={list.filters.hasta}
        onChange={(range) => list.setFilters(range)}
      />
    </ListToolbar>
  );
}

/**
 * Desde and Hasta of the creation date, Spanish date pickers (decision 035); a range whose Desde is after its Hasta
 * is said, not sent.
 */
function CreationDateRange({
  desde,
  hasta,
  onChange,
}: {
  desde: string;
  hasta: string;
  onChange: (range: { desde: string; hasta: string }) => void;
}) {
  const [range, setRange] = useState({ desde, hasta });
  useEffect(() => setRange({ desde, hasta }), [desde, hasta]);
  const isInverted = (next: typeof range) => Boolean(next.desde && next.hasta && next.desde > next.hasta);

  function change(next: typeof range) {
    setRange(next);
    if (!isInverted(next)) onChange(next);
  }

  return (
    <>
      <DateInput
        label="Desde"
        value={range.desde}
        onChange={(day) => change({ ...range, desde: day })}
        error={isInverted(range)}
        helperText={isInverted(range) ? MSG.rangoFechasInvalido : undefined}
      />
      <DateInput label="Hasta" value={range.hasta} onChange={(day) => change({ ...range, hasta: day })} />
    </>
  );
}
