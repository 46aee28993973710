import {
  CARE_MESSAGES,
  MAX_AUTORIZADOS,
  serviceLabel,
  type ContractWithAuthorized,
} from '@camposanto/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useAuthorizedContracts } from '../../../api/authorized/get-authorized-contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DisabledReason } from '../../../components/disabled-reason';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { AddAuthorizedDialog } from './add-authorized-dialog';
import { AuthorizedPersonsList } from './authorized-persons-list';

const numberOf = (contract: ContractWithAuthorized) => contract.numero_contrato ?? contract.numero_solicitud;

/** SPEC §2 Autorizados (/ventas/autorizados): 'Gestión de personas autorizadas'. */
export function AuthorizedPage() {
  const table = useTablePage();
  // SPEC §9 Server lists: the sales lists' pages are 1-based.
  const contracts = useAuthorizedContracts({ page: table.page + 1, perPage: table.pageSize });
  const [selected, setSelected] = useState<ContractWithAuthorized | null>(null);
  useStepBackWhenEmpty(table, contracts.data?.items.length);

  const columns: DataTableColumn<ContractWithAuthorized>[] = [
    { key: 'numero', header: 'Nº Contrato', noWrap: true, render: numberOf },
    { key: 'cliente', header: 'Cliente', render: (contract) => contract.cliente.nombre },
    {
      key: 'servicio',
      header: 'Tipo de Servicio',
      render: (contract) => serviceLabel(contract.tipo_servicio),
    },
    {
      key: 'fecha',
      header: 'Fecha',
      noWrap: true,
      render: (contract) => formatDate(contract.fecha_conversion ?? contract.fecha_creacion),
    },
    {
      key: 'autorizados',
      header: 'Autorizados',
      align: 'center',
      render: (contract) => (
        <StatusBadge
          label={`${contract.total_autorizados}/${MAX_AUTORIZADOS}`}
          tone={contract.total_autorizados >= MAX_AUTORIZADOS ? 'success' : 'default'}
        />
      ),
    },
    {
      key: 'accion',
      header: 'Acción',
      align: 'center',
      render: (contract) => {
        const isFull = contract.total_autorizados >= MAX_AUTORIZADOS;
        // Issue 15: a disabled button says why.
        return (
          <DisabledReason reason={isFull ? CARE_MESSAGES.maximoAutorizados : undefined}>
            <Button
              size="small"
              variant="contained"
              startIcon={<PersonAddIcon />}
              disabled={isFull}
              onClick={() => setSelected(contract)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Agregar Autorizados
            </Button>
          </DisabledReason>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title="Gestión de personas autorizadas" backTo="/ventas" />
      <DataTable
        label="Contratos"
        columns={columns}
        rows={contracts.data?.items ?? []}
        rowKey={(contract) => contract.id}
        isLoading={contracts.isPending || contracts.isPlaceholderData}
        emptyText={contracts.isError ? CARE_MESSAGES.errorCargarDatos : CARE_MESSAGES.sinContratos}
        pagination={table.pagination(contracts.data?.total ?? 0)}
        renderExpanded={(contract) => (
          <AuthorizedPersonsList
            contractId={contract.id}
            label={`Personas autorizadas del contrato ${numberOf(contract)}`}
          />
        )}
      />
      {selected && (
        <AddAuthorizedDialog
          contractId={selected.id}
          contractNumber={numberOf(selected)}
          remaining={MAX_AUTORIZADOS - selected.total_autorizados}
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}
