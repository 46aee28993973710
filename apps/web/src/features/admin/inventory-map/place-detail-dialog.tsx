import { MAP_MESSAGES, type MapState, type PlaceSale } from '@camposanto/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { withDetail } from '../../../api/client';
import { usePlaceDetail, type PlaceKind } from '../../../api/inventory-map/get-place-detail';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DetailList } from '../../../components/detail-list';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { STATE_COLORS } from '../../../components/place-map/map-colors';

const columns: DataTableColumn<PlaceSale>[] = [
  { key: 'numero', header: 'Número', noWrap: true, render: (sale) => sale.numero },
  { key: 'cliente', header: 'Cliente', render: (sale) => sale.cliente },
  { key: 'vendedor', header: 'Vendedor', render: (sale) => sale.vendedor },
  { key: 'estado', header: 'Estado', render: (sale) => <RequestStateBadge estado={sale.estado} /> },
  { key: 'fecha', header: 'Fecha', noWrap: true, render: (sale) => formatDate(sale.fecha_creacion) },
  { key: 'puestos', header: 'Puestos', align: 'right', render: (sale) => sale.puestos },
];

export interface OpenPlace {
  kind: PlaceKind;
  id: number;
  codigo: string;
  estado: MapState;
  estadoLabel: string;
  /** What the map already knows of the place (seats, side, row…), shown while its sales load. */
  facts: Array<[string, ReactNode]>;
}

/** Issue 15: a plot or niche clicked on the map: its state and seats, its plan and who holds or bought it. */
export function PlaceDetailDialog({ place, onClose }: { place: OpenPlace; onClose: () => void }) {
  const titleId = useId();
  const detail = usePlaceDetail(place.kind, place.id);
  const noun = place.kind === 'parcela' ? 'Parcela' : 'Nicho';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {noun} {place.codigo}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography
            component="span"
            sx={{
              alignSelf: 'flex-start',
              px: 1.5,
              py: 0.5,
              borderRadius: 4,
              bgcolor: STATE_COLORS[place.estado],
              color: '#fff',
              fontWeight: 700,
              textTransform: 'uppercase',
              fontSize: '0.8rem',
            }}
          >
            {place.estadoLabel}
          </Typography>
          <DetailList
            label={`Datos de ${noun.toLowerCase()} ${place.codigo}`}
            items={[...place.facts, ['Plan', detail.data ? (detail.data.plan ?? 'Sin plan asignado') : '…']]}
          />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Ventas y reservas
          </Typography>
          <DataTable
            label={`Ventas de ${noun.toLowerCase()} ${place.codigo}`}
            columns={columns}
            rows={detail.data?.ventas ?? []}
            rowKey={(sale) => sale.reserva_id}
            emptyText={
              detail.isError ? withDetail(MAP_MESSAGES.errorCargar, detail.error) : MAP_MESSAGES.sinVentas
            }
            isLoading={detail.isPending}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
