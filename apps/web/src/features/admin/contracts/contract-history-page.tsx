import {
  CONTRACT_MESSAGES,
  DEFAULT_LIST_PAGE_SIZE,
  fromCents,
  LIST_PAGE_SIZES,
  serviceLabel,
  toCents,
  type Modalidad,
  type RequestDto,
} from '@camposanto/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useContractHistory } from '../../../api/contracts/get-contract-history';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';

const SCREENS: Record<Modalidad, { title: string; totalLabel: string }> = {
  'De Contado': { title: 'Pagos de Contado', totalLabel: 'Total De Contado' },
  Financiado: { title: 'Pagos Financiados', totalLabel: 'Total Financiado' },
};

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    render: (contract) => contract.numero_contrato ?? '—',
  },
  { key: 'cliente', header: 'Cliente', render: (contract) => contract.cliente.nombre },
  { key: 'vendedor', header: 'Vendedor', render: (contract) => contract.vendedor_nombre },
  { key: 'servicio', header: 'Tipo de Servicio', render: (contract) => serviceLabel(contract.tipo_servicio) },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    render: (contract) => formatDate(contract.fecha_creacion),
  },
  { key: 'metodo', header: 'Método de Pago', render: (contract) => contract.items_adicionales.metodoPago },
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
    render: (contract) => <Money amount={contract.precioPlan} />,
  },
  {
    key: 'total',
    header: 'Monto Total',
    align: 'right',
    noWrap: true,
    render: (contract) => <Money amount={contract.monto_total} />,
  },
];

/** Sums in whole cents, so that many contracts add up without float drift (DESIGN §3 Money). */
function totalOf(contracts: readonly RequestDto[]): number {
  return fromCents(contracts.reduce((sum, contract) => sum + toCents(contract.monto_total), 0));
}

/** SPEC §2 Admin screen 8: the cash or the financed contracts, with their total. */
export function ContractHistoryPage({ modalidad }: { modalidad: Modalidad }) {
  const history = useContractHistory();
  const { title, totalLabel } = SCREENS[modalidad];
  // SPEC §7: the server lists every contract; each screen keeps its modality.
  const contracts = (history.data ?? []).filter((contract) => contract.modalidadPago === modalidad);

  return (
    <>
      <PageHeader title={title} backTo="/administracion" />
      <DataTable
        label={title}
        columns={columns}
        rows={contracts}
        rowKey={(contract) => contract.id}
        emptyText={history.isError ? CONTRACT_MESSAGES.errorCargarContratos : CONTRACT_MESSAGES.sinContratos}
        isLoading={history.isPending}
        pagination={{ mode: 'client', pageSizes: LIST_PAGE_SIZES, defaultPageSize: DEFAULT_LIST_PAGE_SIZE }}
        footer={
          <TableRow>
            <TableCell colSpan={columns.length - 1} align="right" sx={{ fontWeight: 700, fontSize: '1rem' }}>
              {totalLabel}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, fontSize: '1rem', whiteSpace: 'nowrap' }}>
              <Money amount={totalOf(contracts)} />
            </TableCell>
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
