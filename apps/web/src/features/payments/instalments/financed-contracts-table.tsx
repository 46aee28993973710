import {
  CONTRACT_MESSAGES,
  fromCents,
  PAYMENT_MESSAGES,
  serviceLabel,
  toCents,
  type RequestDto,
} from '@camposanto/domain';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSort,
} from '../../../components/data-table';
import { Money } from '../../../components/money';
import { ContractPdfButtons } from '../../../components/pdf-download-button';
import { formatDate } from '../../../lib/format-date';

/** The contract's initial payment: the sum of its lines', in whole cents. */
const initialOf = (contract: RequestDto) =>
  fromCents(contract.detalles.reduce((total, line) => total + toCents(line.pagoInicial), 0));

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    sortField: 'numero_contrato',
    render: (contract) => contract.numero_contrato ?? contract.numero_solicitud,
  },
  {
    key: 'vendedor',
    header: 'Vendedor',
    sortField: 'vendedor',
    render: (contract) => contract.vendedor_nombre,
  },
  {
    key: 'cliente',
    header: 'Cliente',
    sortField: 'cliente',
    render: (contract) => contract.cliente.nombre || PAYMENT_MESSAGES.sinCliente,
  },
  {
    key: 'fecha',
    header: 'Fecha',
    noWrap: true,
    sortField: 'fecha_creacion',
    render: (contract) => formatDate(contract.fecha_creacion),
  },
  {
    key: 'servicio',
    header: 'Tipo de Servicio',
    sortField: 'servicio',
    render: (contract) => serviceLabel(contract.tipo_servicio),
  },
  {
    key: 'inicial',
    header: 'Pago Inicial',
    align: 'right',
    noWrap: true,
    render: (contract) => <Money amount={initialOf(contract)} />,
  },
  {
    key: 'conDescuento',
    header: 'Total con Descuento',
    align: 'right',
    noWrap: true,
    sortField: 'precio_con_descuento',
    render: (contract) => <Money amount={contract.items_adicionales.precioConDescuento} />,
  },
  {
    key: 'plan',
    header: 'Precio del Plan',
    align: 'right',
    noWrap: true,
    sortField: 'precio_plan',
    render: (contract) => <Money amount={contract.precioPlan} />,
  },
  {
    // Issue 14 §1: the contract and its statement of account (every instalment and its state) as PDFs.
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

/** SPEC §2 screen 7: a page of the financed contracts, each opening to its instalments. */
export function FinancedContractsTable({
  contracts,
  isLoading,
  pagination,
  sort,
  emptyText = CONTRACT_MESSAGES.sinContratos,
  renderInstalments,
}: {
  contracts: readonly RequestDto[];
  isLoading: boolean;
  pagination: DataTablePagination;
  /** Issue 15: sorted by the server (FINANCED_CONTRACT_SORT_FIELDS). */
  sort?: DataTableSort;
  emptyText?: string;
  renderInstalments: (contract: RequestDto) => ReactNode;
}) {
  return (
    <DataTable
      label="Contratos financiados"
      cardsBelow="md"
      columns={columns}
      rows={contracts}
      rowKey={(contract) => contract.id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
      renderExpanded={renderInstalments}
    />
  );
}
