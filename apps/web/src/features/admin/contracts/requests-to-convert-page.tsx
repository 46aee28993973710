import {
  CONTRACT_MESSAGES,
  CONVERSION_FILTERS,
  serviceLabel,
  type ConversionFilter,
  type RequestDto,
} from '@camposanto/domain';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useConvertRequest } from '../../../api/contracts/convert-request';
import {
  REQUESTS_TO_CONVERT_PATH,
  useRequestsToConvert,
} from '../../../api/contracts/get-requests-to-convert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText } from '../../../components/list-toolbar';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { StateFilterSelect } from '../../../components/state-filter-select';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { contractListPagination, ContractListToolbar, useContractListParams } from './contract-list-toolbar';

// Issue 15: the list opens on the requests still to convert; the converted ones are a choice away.
const STATE_FILTERS: ReadonlyArray<{ value: ConversionFilter; label: string }> = [
  { value: 'solicitud', label: 'Por convertir' },
  { value: 'contrato', label: 'Convertidas' },
  { value: 'todos', label: 'Todas' },
];

const DEFAULT_STATE: ConversionFilter = 'solicitud';
const isConversionFilter = (value: string): value is ConversionFilter =>
  (CONVERSION_FILTERS as readonly string[]).includes(value);

/**
 * SPEC §2 Admin screen 4: requests, each with a switch that turns it into a contract once confirmed; issue 15,
 * searched, sorted and filtered on the server, the URL keeping it all (the state too, when not the default).
 */
export function RequestsToConvertPage() {
  const list = useContractListParams(['estado']);
  const estado = isConversionFilter(list.filters.estado) ? list.filters.estado : DEFAULT_STATE;
  // The state goes on its own word (after the page, as before); the rest are the list's words.
  const query = Object.fromEntries(Object.entries(list.query).filter(([name]) => name !== 'estado'));
  const [toConvert, setToConvert] = useState<RequestDto | null>(null);
  // SPEC §9 Server lists: this list's pages are 1-based; the server filters by state.
  const requests = useRequestsToConvert({ page: list.page + 1, perPage: list.pageSize, estado, query });
  const convert = useConvertRequest();
  useStepBackWhenEmpty(list, requests.data?.items.length);

  function confirmConversion() {
    const request = toConvert;
    if (!request) return;
    convert.mutate(request.id, {
      onSuccess: () => toast.success(CONTRACT_MESSAGES.convertida(request.numero_solicitud)),
      onError: (error) => toast.error(CONTRACT_MESSAGES.errorConvertir(errorDetail(error) ?? error.message)),
      onSettled: () => setToConvert(null),
    });
  }

  const converting = convert.isPending ? convert.variables : undefined;
  const columns: DataTableColumn<RequestDto>[] = [
    {
      key: 'numero',
      header: 'Nº Solicitud',
      noWrap: true,
      sortField: 'numero_solicitud',
      render: (request) => request.numero_solicitud,
    },
    { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (request) => request.cliente.nombre },
    {
      key: 'servicio',
      header: 'Tipo de Servicio',
      sortField: 'tipo_servicio',
      render: (request) => serviceLabel(request.tipo_servicio),
    },
    {
      key: 'fecha',
      header: 'Fecha de Creación',
      noWrap: true,
      sortField: 'fecha_creacion',
      render: (request) => formatDate(request.fecha_creacion),
    },
    {
      key: 'monto',
      header: 'Monto Total',
      align: 'right',
      noWrap: true,
      sortField: 'monto_total',
      render: (request) => <Money amount={request.monto_total} />,
    },
    {
      key: 'modalidad',
      header: 'Modalidad de Pago',
      sortField: 'modalidad_pago',
      render: (request) => request.modalidadPago,
    },
    {
      key: 'estado',
      header: 'Estado',
      sortField: 'estado',
      render: (request) => <RequestStateBadge estado={request.estado} />,
    },
    {
      key: 'accion',
      header: 'Acción',
      align: 'center',
      render: (request) => {
        const isContract = request.estado === 'contrato';
        return (
          <Switch
            // SPEC §4: on once it is a contract (or while it becomes one); only turning on calls the server,
            // after the confirmation of issue 15.
            checked={isContract || converting === request.id}
            disabled={isContract || convert.isPending || requests.isFetching}
            onChange={(event) => {
              if (event.target.checked) setToConvert(request);
            }}
            slotProps={{ input: { 'aria-label': `Convertir ${request.numero_solicitud} a contrato` } }}
          />
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Convertir Solicitudes a Contratos"
        backTo="/administracion"
        actions={
          <StateFilterSelect
            value={estado}
            options={STATE_FILTERS}
            // Any filter goes back to the first page (useListParams).
            onChange={(value) => list.setFilter('estado', value === DEFAULT_STATE ? '' : value)}
          />
        }
      />
      <ContractListToolbar
        list={list}
        exportCsv={{ path: REQUESTS_TO_CONVERT_PATH, name: 'solicitudes', query: { estado } }}
      />
      <DataTable
        label="Solicitudes"
        columns={columns}
        rows={requests.data?.items ?? []}
        rowKey={(request) => request.id}
        emptyText={
          requests.isError
            ? CONTRACT_MESSAGES.errorListaSolicitudes
            : listEmptyText(list.q, CONTRACT_MESSAGES.sinSolicitudes)
        }
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        isLoading={requests.isPending || requests.isPlaceholderData}
        pagination={contractListPagination(list, requests.data?.total ?? 0)}
      />
      <ConfirmDialog
        open={toConvert !== null}
        title="Convertir a contrato"
        message={toConvert ? CONTRACT_MESSAGES.confirmarConversion(toConvert.numero_solicitud) : ''}
        confirmLabel="Convertir"
        isBusy={convert.isPending}
        onConfirm={confirmConversion}
        onClose={() => setToConvert(null)}
      />
    </>
  );
}
