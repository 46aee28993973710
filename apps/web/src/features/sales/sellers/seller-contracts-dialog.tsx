import { CONTRACT_MESSAGES, SALES_LIST_MESSAGES, serviceLabel, type RequestDto } from '@camposanto/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useSellerContracts } from '../../../api/sales-lists/get-seller-contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'transaccion',
    header: 'No. Transacción',
    noWrap: true,
    render: (contract) => contract.numero_contrato ?? contract.numero_solicitud,
  },
  { key: 'servicio', header: 'Tipo de Servicio', render: (contract) => serviceLabel(contract.tipo_servicio) },
  {
    key: 'precio',
    header: 'Precio',
    align: 'right',
    noWrap: true,
    render: (contract) => <Money amount={contract.monto_total} />,
  },
  { key: 'estado', header: 'Estado', render: (contract) => <RequestStateBadge estado={contract.estado} /> },
];

/** SPEC §2 Vendedores: 'Ver Detalles' opens the seller's contracts. */
export function SellerContractsDialog({
  seller,
  onClose,
}: {
  seller: { id: number; usuario: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const table = useTablePage();
  const contracts = useSellerContracts(seller.id, { page: table.page + 1, perPage: table.pageSize });
  useStepBackWhenEmpty(table, contracts.data?.items.length);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Contratos del Vendedor</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {seller.usuario}
        </Typography>
        <DataTable
          label={`Contratos de ${seller.usuario}`}
          columns={columns}
          rows={contracts.data?.items ?? []}
          rowKey={(contract) => contract.id}
          emptyText={
            contracts.isError ? SALES_LIST_MESSAGES.errorContratosVendedor : CONTRACT_MESSAGES.sinContratos
          }
          isLoading={contracts.isPending || contracts.isPlaceholderData}
          pagination={table.pagination(contracts.data?.total ?? 0)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
