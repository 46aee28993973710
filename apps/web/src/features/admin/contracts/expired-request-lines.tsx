import { CONTRACT_MESSAGES, type RequestDto, type RequestLineDto } from '@camposanto/domain';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';

const money = (amount: number) => <Money amount={amount} />;

const columns: DataTableColumn<RequestLineDto>[] = [
  { key: 'descripcion', header: 'Descripción', render: (line) => line.descripcion ?? '—' },
  { key: 'modalidad', header: 'Modalidad de Pago', render: (line) => line.modalidadPago },
  { key: 'inicial', header: 'Pago Inicial', align: 'right', render: (line) => money(line.pagoInicial) },
  { key: 'cuotas', header: 'Cuotas', align: 'right', render: (line) => line.cuotas },
  {
    key: 'montoCuota',
    header: 'Monto por Cuota',
    align: 'right',
    render: (line) => money(line.montoPorCuota),
  },
  { key: 'total', header: 'Precio Total', align: 'right', render: (line) => money(line.precioTotal) },
];

/** SPEC §2 Admin screen 6: the expandable 'Detalles de la Solicitud'. */
export function ExpiredRequestLines({ request }: { request: RequestDto }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Detalles de la Solicitud
      </Typography>
      <DataTable
        label={`Detalles de la solicitud ${request.numero_solicitud}`}
        columns={columns}
        rows={request.detalles}
        rowKey={(line) => line.id}
        emptyText={CONTRACT_MESSAGES.sinDetallesSolicitud}
      />
    </>
  );
}
