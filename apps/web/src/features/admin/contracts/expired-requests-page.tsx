import { CONTRACT_MESSAGES, serviceLabel, type RequestDto } from '@camposanto/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useDeleteExpiredRequest } from '../../../api/contracts/delete-expired-request';
import {
  EXPIRED_REQUESTS_PATH,
  expiredRequestsErrorText,
  useExpiredRequests,
} from '../../../api/contracts/get-expired-requests';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { contractListPagination, ContractListToolbar, useContractListParams } from './contract-list-toolbar';
import { ExpiredRequestLines } from './expired-request-lines';

/**
 * SPEC §2 Admin screen 6: expired requests, which can be deleted after confirmation (SPEC §4); issue 15,
 * searched, sorted and filtered on the server, the URL keeping it all.
 */
export function ExpiredRequestsPage() {
  const list = useContractListParams();
  const expired = useExpiredRequests({ page: list.page, pageSize: list.pageSize, query: list.query });
  const deleteRequest = useDeleteExpiredRequest();
  const [toDelete, setToDelete] = useState<RequestDto | null>(null);
  useStepBackWhenEmpty(list, expired.data?.data.length);

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
      sortField: 'numero_solicitud',
      render: (request) => request.numero_solicitud,
    },
    { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (request) => request.cliente.nombre },
    {
      key: 'telefono',
      header: 'Teléfono',
      noWrap: true,
      render: (request) => request.cliente.celular ?? request.cliente.telefono ?? '—',
    },
    {
      key: 'servicio',
      header: 'Tipo de Servicio',
      sortField: 'tipo_servicio',
      render: (request) => serviceLabel(request.tipo_servicio),
    },
    {
      key: 'creacion',
      header: 'Fecha de Creación',
      noWrap: true,
      sortField: 'fecha_creacion',
      render: (request) => formatDate(request.fecha_creacion),
    },
    {
      key: 'vencimiento',
      header: 'Fecha de Vencimiento',
      noWrap: true,
      sortField: 'fecha_vencimiento',
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
      <ContractListToolbar
        list={list}
        exportCsv={{ path: EXPIRED_REQUESTS_PATH, name: 'solicitudes-caducadas' }}
      />
      <DataTable
        label="Solicitudes caducadas"
        columns={columns}
        rows={expired.data?.data ?? []}
        rowKey={(request) => request.id}
        emptyText={
          expired.isError
            ? expiredRequestsErrorText(expired.error)
            : listEmptyText(list.q, CONTRACT_MESSAGES.sinCaducadas)
        }
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        isLoading={expired.isPending || expired.isPlaceholderData}
        renderExpanded={(request) => <ExpiredRequestLines request={request} />}
        pagination={contractListPagination(list, expired.data?.total_solicitudes ?? 0)}
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
