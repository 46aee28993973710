import { CONTRACT_MESSAGES, type RequestLineDto } from '@camposanto/domain';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';

const money = (amount: number) => <Money amount={amount} />;

/** SPEC §2 Admin screen 5: the expandable 'Detalles del Contrato'. */
const columns: DataTableColumn<RequestLineDto>[] = [
  { key: 'codigo', header: 'Código', noWrap: true, render: (line) => line.codigo ?? '—' },
  { key: 'descripcion', header: 'Descripción', render: (line) => line.descripcion ?? '—' },
  { key: 'metodo', header: 'Método de Pago', render: (line) => line.metodoPago },
  { key: 'inicial', header: 'Pago Inicial', align: 'right', render: (line) => money(line.pagoInicial) },
  { key: 'cuotas', header: 'Cuotas', align: 'right', render: (line) => line.cuotas },
  {
    key: 'montoCuotas',
    header: 'Monto por Cuotas',
    align: 'right',
    render: (line) => money(line.montoPorCuotas),
  },
  { key: 'descuento', header: 'Descuento', align: 'right', render: (line) => money(line.descuento) },
  {
    key: 'conDescuento',
    header: 'Precio con Descuento',
    align: 'right',
    render: (line) => money(line.precioConDescuento),
  },
  { key: 'total', header: 'Precio Total', align: 'right', render: (line) => money(line.precioTotal) },
];

export function ContractLinesTable({ lines, numero }: { lines: readonly RequestLineDto[]; numero: string }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Detalles del Contrato
      </Typography>
      <DataTable
        label={`Detalles del contrato ${numero}`}
        columns={columns}
        rows={lines}
        rowKey={(line) => line.id}
        emptyText={CONTRACT_MESSAGES.sinDetallesContrato}
      />
    </>
  );
}
