import { CONTRACT_MESSAGES, serviceLabel, type ConversionFilter, type RequestDto } from '@camposanto/domain';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useConvertRequest } from '../../../api/contracts/convert-request';
import { useRequestsToConvert } from '../../../api/contracts/get-requests-to-convert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { StateFilterSelect } from '../../../components/state-filter-select';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';

// Issue 15: the list opens on the requests still to convert; the converted ones are a choice away.
const STATE_FILTERS: ReadonlyArray<{ value: ConversionFilter; label: string }> = [
  { value: 'solicitud', label: 'Por convertir' },
  { value: 'contrato', label: 'Convertidas' },
  { value: 'todos', label: 'Todas' },
];

/** SPEC §2 Admin screen 4: requests, each with a switch that turns it into a contract once confirmed. */
export function RequestsToConvertPage() {
  const table = useTablePage();
  const [estado, setEstado] = useState<ConversionFilter>('solicitud');
  const [toConvert, setToConvert] = useState<RequestDto | null>(null);
  // SPEC §9 Server lists: this list's pages are 1-based; the server filters by state.
  const requests = useRequestsToConvert({ page: table.page + 1, perPage: table.pageSize, estado });
  const convert = useConvertRequest();
  useStepBackWhenEmpty(table, requests.data?.items.length);

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
    { key: 'numero', header: 'Nº Solicitud', noWrap: true, render: (request) => request.numero_solicitud },
    { key: 'cliente', header: 'Cliente', render: (request) => request.cliente.nombre },
    { key: 'servicio', header: 'Tipo de Servicio', render: (request) => serviceLabel(request.tipo_servicio) },
    {
      key: 'fecha',
      header: 'Fecha de Creación',
      noWrap: true,
      render: (request) => formatDate(request.fecha_creacion),
    },
    {
      key: 'monto',
      header: 'Monto Total',
      align: 'right',
      noWrap: true,
      render: (request) => <Money amount={request.monto_total} />,
    },
    { key: 'modalidad', header: 'Modalidad de Pago', render: (request) => request.modalidadPago },
    { key: 'estado', header: 'Estado', render: (request) => <RequestStateBadge estado={request.estado} /> },
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
            onChange={(value) => {
              setEstado(value);
              table.setPage(0);
            }}
          />
        }
      />
      <DataTable
        label="Solicitudes"
        columns={columns}
        rows={requests.data?.items ?? []}
        rowKey={(request) => request.id}
        emptyText={
          requests.isError ? CONTRACT_MESSAGES.errorListaSolicitudes : CONTRACT_MESSAGES.sinSolicitudes
        }
        isLoading={requests.isPending || requests.isPlaceholderData}
        pagination={table.pagination(requests.data?.total ?? 0)}
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
