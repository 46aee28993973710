import { CONTRACT_MESSAGES, estimatedTotal, serviceLabel, type RequestDto } from '@camposanto/domain';
import {
  ACTIVE_CONTRACTS_PATH,
  activeContractsErrorText,
  useActiveContracts,
} from '../../../api/contracts/get-active-contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText } from '../../../components/list-toolbar';
import { ContractPdfButtons } from '../../../components/pdf-download-button';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { ContractLinesTable } from './contract-lines-table';
import { contractListPagination, ContractListToolbar, useContractListParams } from './contract-list-toolbar';

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    sortField: 'numero_contrato',
    render: (contract) => contract.numero_contrato ?? '—',
  },
  {
    key: 'vendedor',
    header: 'Vendedor',
    sortField: 'vendedor',
    render: (contract) => contract.vendedor_nombre,
  },
  { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (contract) => contract.cliente.nombre },
  {
    key: 'servicio',
    header: 'Tipo de Servicio',
    sortField: 'tipo_servicio',
    render: (contract) => serviceLabel(contract.tipo_servicio),
  },
  {
    key: 'metodo',
    header: 'Método de Pago',
    sortField: 'metodo_pago',
    render: (contract) => contract.items_adicionales.metodoPago,
  },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    sortField: 'fecha_creacion',
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

/**
 * SPEC §2 Admin screen 5: active contracts, paged with skip and limit, counted by X-Total-Count; issue 15,
 * searched, sorted and filtered on the server, the URL keeping it all.
 */
export function ActiveContractsPage() {
  const list = useContractListParams();
  const contracts = useActiveContracts({ page: list.page, pageSize: list.pageSize, query: list.query });
  const rows = contracts.data?.items ?? [];
  useStepBackWhenEmpty(list, contracts.data?.items.length);

  return (
    <>
      <PageHeader title="Contratos Activos" backTo="/administracion" />
      <ContractListToolbar
        list={list}
        exportCsv={{ path: ACTIVE_CONTRACTS_PATH, name: 'contratos-activos' }}
      />
      <DataTable
        label="Contratos activos"
        cardsBelow="md"
        columns={columns}
        rows={rows}
        rowKey={(contract) => contract.id}
        emptyText={
          contracts.isError
            ? activeContractsErrorText(contracts.error)
            : listEmptyText(list.q, CONTRACT_MESSAGES.sinContratos)
        }
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        isLoading={contracts.isPending || contracts.isPlaceholderData}
        renderExpanded={(contract) => (
          <ContractLinesTable lines={contract.detalles} numero={contract.numero_contrato ?? ''} />
        )}
        pagination={contractListPagination(
          list,
          // Issue 15: the server's real total (X-Total-Count); only without it is the total estimated from the
          // page that came back (SPEC §9), which leaves 'next page' on after a full last page.
          contracts.data?.total ??
            estimatedTotal({ page: list.page, pageSize: list.pageSize, received: rows.length }),
        )}
      />
    </>
  );
}
