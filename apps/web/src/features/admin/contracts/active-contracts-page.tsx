import { CONTRACT_MESSAGES, estimatedTotal, serviceLabel, type RequestDto } from '@camposanto/domain';
import { activeContractsErrorText, useActiveContracts } from '../../../api/contracts/get-active-contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { ContractPdfButtons } from '../../../components/pdf-download-button';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { ContractLinesTable } from './contract-lines-table';

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    render: (contract) => contract.numero_contrato ?? '—',
  },
  { key: 'vendedor', header: 'Vendedor', render: (contract) => contract.vendedor_nombre },
  { key: 'cliente', header: 'Cliente', render: (contract) => contract.cliente.nombre },
  { key: 'servicio', header: 'Tipo de Servicio', render: (contract) => serviceLabel(contract.tipo_servicio) },
  { key: 'metodo', header: 'Método de Pago', render: (contract) => contract.items_adicionales.metodoPago },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    render: (contract) => formatDate(contract.fecha_creacion),
  },
  { key: 'estado', header: 'Estado', render: (contract) => <RequestStateBadge estado={contract.estado} /> },
  {
    // Issue 14 §1: the contract and its statement of account as PDFs.
    key: 'documentos',
    header: 'Documentos',
    align: 'center',
    render: (contract) => (
      <ContractPdfButtons
        contractId={contract.id}
        number={contract.numero_contrato ?? contract.numero_solicitud}
      />
    ),
  },
];

/** SPEC §2 Admin screen 5: active contracts, paged with skip and limit, counted by X-Total-Count. */
export function ActiveContractsPage() {
  const table = useTablePage();
  const contracts = useActiveContracts({ page: table.page, pageSize: table.pageSize });
  const rows = contracts.data?.items ?? [];
  useStepBackWhenEmpty(table, contracts.data?.items.length);

  return (
    <>
      <PageHeader title="Contratos Activos" backTo="/administracion" />
      <DataTable
        label="Contratos activos"
        columns={columns}
        rows={rows}
        rowKey={(contract) => contract.id}
        emptyText={
          contracts.isError ? activeContractsErrorText(contracts.error) : CONTRACT_MESSAGES.sinContratos
        }
        isLoading={contracts.isPending || contracts.isPlaceholderData}
        renderExpanded={(contract) => (
          <ContractLinesTable lines={contract.detalles} numero={contract.numero_contrato ?? ''} />
        )}
        pagination={table.pagination(
          // Issue 15: the server's real total (X-Total-Count); only without it is the total estimated from the
          // page that came back (SPEC §9), which leaves 'next page' on after a full last page.
          contracts.data?.total ??
            estimatedTotal({ page: table.page, pageSize: table.pageSize, received: rows.length }),
        )}
      />
    </>
  );
}
