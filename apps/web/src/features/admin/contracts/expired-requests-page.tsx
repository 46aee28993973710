import { CONTRACT_MESSAGES, serviceLabel, type RequestDto } from '@camposanto/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useDeleteExpiredRequest } from '../../../api/contracts/delete-expired-request';
import { expiredRequestsErrorText, useExpiredRequests } from '../../../api/contracts/get-expired-requests';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { ExpiredRequestLines } from './expired-request-lines';

/** SPEC §2 Admin screen 6: expired requests, which can be deleted after confirmation (SPEC §4). */
export function ExpiredRequestsPage() {
  const table = useTablePage();
  const expired = useExpiredRequests({ page: table.page, pageSize: table.pageSize });
  const deleteRequest = useDeleteExpiredRequest();
  const [toDelete, setToDelete] = useState<RequestDto | null>(null);
  useStepBackWhenEmpty(table, expired.data?.data.length);

  function confirmDelete() {
    if (!toDelete) return;
    deleteRequest.mutate(toDelete.id, {
      onSuccess: () => toast.success(CONTRACT_MESSAGES.caducadaEliminada),
      onError: (error) => toast.error(errorDetail(error) ?? CONTRACT_MESSAGES.errorEliminarCaducada),
      onSettled: () => setToDelete(null),
    });
  }

  const columns: DataTableColumn<RequestDto>[] = [
    {
      key: 'numero',
      header: 'Número de Solicitud',
      noWrap: true,
      render: (request) => request.numero_solicitud,
    },
    { key: 'cliente', header: 'Cliente', render: (request) => request.cliente.nombre },
    {
      key: 'telefono',
      header: 'Teléfono',
      noWrap: true,
      render: (request) => request.cliente.celular ?? request.cliente.telefono ?? '—',
    },
    { key: 'servicio', header: 'Tipo de Servicio', render: (request) => serviceLabel(request.tipo_servicio) },
    {
      key: 'creacion',
      header: 'Fecha de Creación',
      noWrap: true,
      render: (request) => formatDate(request.fecha_creacion),
    },
    {
      key: 'vencimiento',
      header: 'Fecha de Vencimiento',
      noWrap: true,
      render: (request) => formatDate(request.fecha_vencimiento),
    },
    { key: 'estado', header: 'Estado', render: (request) => <RequestStateBadge estado={request.estado} /> },
    {
      key: 'accion',
      header: 'Acción',
      align: 'center',
      render: (request) => (
        <Button
          size="small"
          variant="contained"
          color="error"
          aria-label={`Eliminar ${request.numero_solicitud}`}
          onClick={() => setToDelete(request)}
        >
          ELIMINAR
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Solicitudes Caducadas" backTo="/administracion" />
      <DataTable
        label="Solicitudes caducadas"
        columns={columns}
        rows={expired.data?.data ?? []}
        rowKey={(request) => request.id}
        emptyText={expired.isError ? expiredRequestsErrorText(expired.error) : CONTRACT_MESSAGES.sinCaducadas}
        isLoading={expired.isPending || expired.isPlaceholderData}
        renderExpanded={(request) => <ExpiredRequestLines request={request} />}
        pagination={table.pagination(expired.data?.total_solicitudes ?? 0)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar solicitud caducada"
        message={CONTRACT_MESSAGES.confirmarEliminarCaducada}
        confirmLabel="Eliminar"
        isBusy={deleteRequest.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
