import { CONTRACT_MESSAGES, serviceLabel, type Modalidad, type RequestDto } from '@camposanto/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { CONTRACT_HISTORY_PATH, useContractHistory } from '../../../api/contracts/get-contract-history';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText } from '../../../components/list-toolbar';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { ContractPdfButtons } from '../../../components/pdf-download-button';
import { formatDate } from '../../../lib/format-date';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { contractListPagination, ContractListToolbar, useContractListParams } from './contract-list-toolbar';

const SCREENS: Record<Modalidad, { title: string; totalLabel: string; csvName: string }> = {
  'De Contado': { title: 'Pagos de Contado', totalLabel: 'Total De Contado', csvName: 'pagos-de-contado' },
  Financiado: { title: 'Pagos Financiados', totalLabel: 'Total Financiado', csvName: 'pagos-financiados' },
};

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    sortField: 'numero_contrato',
    render: (contract) => contract.numero_contrato ?? '—',
  },
  { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (contract) => contract.cliente.nombre },
  {
    key: 'vendedor',
    header: 'Vendedor',
    sortField: 'vendedor',
    render: (contract) => contract.vendedor_nombre,
  },
  {
    key: 'servicio',
    header: 'Tipo de Servicio',
    sortField: 'tipo_servicio',
    render: (contract) => serviceLabel(contract.tipo_servicio),
  },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    sortField: 'fecha_creacion',
    render: (contract) => formatDate(contract.fecha_creacion),
  },
  {
    key: 'metodo',
    // On two lines (its values are short), so that the row's documents fit beside the amounts at 1366 px.
    header: (
      <>
        Método
        <br />
        de Pago
      </>
    ),
    sortField: 'metodo_pago',
    render: (contract) => contract.items_adicionales.metodoPago,
  },
  {
    key: 'inicial',
    header: 'Pago Inicial',
    align: 'right',
    noWrap: true,
    render: (contract) => <Money amount={contract.detalles[0]?.pagoInicial ?? 0} />,
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
    key: 'total',
    header: 'Monto Total',
    align: 'right',
    noWrap: true,
    sortField: 'monto_total',
    render: (contract) => <Money amount={contract.monto_total} />,
  },
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

/** SPEC §2 Admin screen 8: the cash or the financed contracts, with their total. */
export function ContractHistoryPage({ modalidad }: { modalidad: Modalidad }) {
  const list = useContractListParams();
  // Issue 12: the server filters by modality, pages (1-based) and sums the whole filter; issue 15, with the
  // search, order and filters the URL keeps.
  const history = useContractHistory(modalidad, { page: list.page + 1, perPage: list.pageSize }, list.query);
  useStepBackWhenEmpty(list, history.data?.items.length);
  const { title, totalLabel, csvName } = SCREENS[modalidad];

  return (
    <>
      <PageHeader title={title} backTo="/administracion" />
      <ContractListToolbar
        list={list}
        exportCsv={{ path: CONTRACT_HISTORY_PATH, name: csvName, query: { modalidad } }}
      />
      <DataTable
        label={title}
        columns={columns}
        rows={history.data?.items ?? []}
        rowKey={(contract) => contract.id}
        emptyText={
          history.isError
            ? CONTRACT_MESSAGES.errorCargarContratos
            : listEmptyText(list.q, CONTRACT_MESSAGES.sinContratos)
        }
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        isLoading={history.isPending || history.isPlaceholderData}
        pagination={contractListPagination(list, history.data?.total ?? 0)}
        footer={
          <TableRow>
            <TableCell colSpan={columns.length - 2} align="right" sx={{ fontWeight: 700, fontSize: '1rem' }}>
              {totalLabel}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, fontSize: '1rem', whiteSpace: 'nowrap' }}>
              <Money amount={history.data?.montoTotal ?? 0} />
            </TableCell>
            {/* Under Documentos. */}
            <TableCell />
          </TableRow>
        }
      />
    </>
  );
}

export function CashContractsPage() {
  return <ContractHistoryPage modalidad="De Contado" />;
}

export function FinancedContractsPage() {
  return <ContractHistoryPage modalidad="Financiado" />;
}
