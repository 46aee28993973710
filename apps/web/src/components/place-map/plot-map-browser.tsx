import { MAP_MESSAGES, PLOT_STATE_LABELS, type MapPlot } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { withDetail } from '../../api/client';
import { usePlotMap } from '../../api/inventory-map/get-plot-map';
import { EmptyState } from '../empty-state';
import { LoadingState } from '../loading-state';
import { plotGrid } from './grid-layout';
import { countStates, MapLegend } from './map-legend';
import { MapViewport } from './map-viewport';
import { PlaceGrid } from './place-grid';

export const describePlot = (plot: MapPlot) =>
  `Parcela ${plot.codigo}: ${PLOT_STATE_LABELS[plot.estado].toLowerCase()}, ${plot.disponible} de ${plot.puestos} puestos disponibles`;

/**
 * Issue 15: the plot map of one sector, with the sector chooser and the legend. The office opens a plot's sales
 * from it (/administracion/mapa-parcelas); a seller picks a plot for the parcel request form.
 */
export function PlotMapBrowser({
  sector,
  onSector,
  onOpen,
}: {
  sector: string | undefined;
  onSector: (sector: string) => void;
  onOpen: (plot: MapPlot) => void;
}) {
  const map = usePlotMap(sector);
  if (map.isPending) return <LoadingState label="Cargando mapa..." />;
  if (map.isError) return <Alert severity="error">{withDetail(MAP_MESSAGES.errorCargar, map.error)}</Alert>;
  const { sectores, parcelas, sin_ubicacion } = map.data;
  if (!sectores.length) return <EmptyState>{MAP_MESSAGES.sinParcelas}</EmptyState>;
  const chosen = map.data.sector ?? '';
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          label="Sector"
          value={sectores.some((item) => item.nombre === chosen) ? chosen : ''}
          onChange={(event) => onSector(event.target.value)}
          sx={{ minWidth: 260 }}
          size="small"
        >
          {sectores.map((item) => (
            <MenuItem key={item.nombre} value={item.nombre}>
              {item.nombre} — {item.disponibles} de {item.total} con puestos libres
            </MenuItem>
          ))}
        </TextField>
        <MapLegend labels={PLOT_STATE_LABELS} counts={countStates(parcelas)} />
      </Stack>
      {sin_ubicacion > 0 && (
        <Alert severity="info">
          {sin_ubicacion} parcela(s) con código fuera del formato AXX-XX-XX no se dibujan en el mapa.
        </Alert>
      )}
      {parcelas.length ? (
        <MapViewport label={`Mapa del sector ${chosen}`}>
          {(cellSize) => (
            <PlaceGrid
              label={`Sector ${chosen}: filas y números de parcela`}
              grid={plotGrid(parcelas)}
              cellSize={cellSize}
              stateOf={(plot) => plot.estado}
              textOf={(plot) => String(plot.numero).padStart(2, '0')}
              describe={describePlot}
              onOpen={onOpen}
            />
          )}
        </MapViewport>
      ) : (
        <EmptyState>No hay parcelas en el sector {chosen}.</EmptyState>
      )}
    </Stack>
  );
}
