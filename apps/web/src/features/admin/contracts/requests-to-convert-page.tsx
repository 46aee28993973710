import { CONTRACT_MESSAGES, serviceLabel, type RequestDto } from '@camposanto/domain';
import Switch from '@mui/material/Switch';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useConvertRequest } from '../../../api/contracts/convert-request';
import { useRequestsToConvert } from '../../../api/contracts/get-requests-to-convert';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';

/** SPEC §2 Admin screen 4: requests, each with a switch that turns it into a contract. */
export function RequestsToConvertPage() {
  const table = useTablePage();
  // SPEC §9 Server lists: this list's pages are 1-based.
  const requests = useRequestsToConvert({ page: table.page + 1, perPage: table.pageSize });
  const convert = useConvertRequest();
  useStepBackWhenEmpty(table, requests.data?.items.length);

  function turnOn(request: RequestDto) {
    convert.mutate(request.id, {
      onSuccess: () => toast.success(CONTRACT_MESSAGES.convertida(request.numero_solicitud)),
      onError: (error) => toast.error(CONTRACT_MESSAGES.errorConvertir(errorDetail(error) ?? error.message)),
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
            // SPEC §4: on once it is a contract (or while it becomes one); only turning on calls the server.
            checked={isContract || converting === request.id}
            disabled={isContract || convert.isPending || requests.isFetching}
            onChange={(event) => {
              if (event.target.checked) turnOn(request);
            }}
            slotProps={{ input: { 'aria-label': `Convertir ${request.numero_solicitud} a contrato` } }}
          />
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title="Convertir Solicitudes a Contratos" backTo="/administracion" />
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
    </>
  );
}
