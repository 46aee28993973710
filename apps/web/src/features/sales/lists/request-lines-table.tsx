import { CONTRACT_MESSAGES, type RequestDto, type RequestLineDto } from '@camposanto/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';

const money = (amount: number) => <Money amount={amount} />;

/** SPEC §2 Sales lists: the details of one request. */
const columns: DataTableColumn<RequestLineDto>[] = [
  { key: 'metodo', header: 'Método Pago', render: (line) => line.metodoPago },
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
    header: 'Precio total con Descuento',
    align: 'right',
    render: (line) => money(line.precioConDescuento),
  },
  { key: 'total', header: 'Precio Total', align: 'right', render: (line) => money(line.precioTotal) },
];

export function RequestLinesTable({ request }: { request: RequestDto }) {
  return (
    <DataTable
      label={`Detalles de ${request.numero_contrato ?? request.numero_solicitud}`}
      columns={columns}
      rows={request.detalles}
      rowKey={(line) => line.id}
      emptyText={CONTRACT_MESSAGES.sinDetallesSolicitud}
    />
  );
}
