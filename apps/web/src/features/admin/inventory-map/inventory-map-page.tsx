import {
  MAP_MESSAGES,
  NICHE_STATE_LABELS,
  PLOT_STATE_LABELS,
  type MapNiche,
  type MapPlot,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { withDetail } from '../../../api/client';
import { useNicheMap } from '../../../api/inventory-map/get-niche-map';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { MapPreview } from '../inventory/map-preview';
import { SIDES } from '../columbarium/side-images';
import { nicheGrids } from '../../../components/place-map/grid-layout';
import { PlotMapBrowser } from '../../../components/place-map/plot-map-browser';
import { countStates, MapLegend } from '../../../components/place-map/map-legend';
import { MapViewport } from '../../../components/place-map/map-viewport';
import { PlaceGrid } from '../../../components/place-map/place-grid';
import { PlaceDetailDialog, type OpenPlace } from './place-detail-dialog';

const describeNiche = (niche: MapNiche) =>
  `Nicho ${niche.codigo}: ${NICHE_STATE_LABELS[niche.estado].toLowerCase()}`;

function plotPlace(plot: MapPlot): OpenPlace {
  return {
    kind: 'parcela',
    id: plot.id,
    codigo: plot.codigo,
    estado: plot.estado,
    estadoLabel: PLOT_STATE_LABELS[plot.estado],
    facts: [
      ['Puestos', plot.puestos],
      ['Disponibles', plot.disponible],
      ['Reservadas', plot.reservadas],
      ['Vendidas', plot.vendidas],
      ['Ocupadas', plot.ocupadas],
    ],
  };
}

function nichePlace(niche: MapNiche, capilla: string): OpenPlace {
  return {
    kind: 'nicho',
    id: niche.id,
    codigo: niche.codigo,
    estado: niche.estado,
    estadoLabel: NICHE_STATE_LABELS[niche.estado],
    facts: [
      ['Capilla', capilla || '—'],
      ['Lado', niche.lado ?? '—'],
      ['Fila', niche.fila ?? '—'],
      ['Columna', niche.columna ?? '—'],
      ['Nichos', niche.cantidad_nichos],
    ],
  };
}

/**
 * Issue 15 'See': /administracion/mapa-parcelas. The plot inventory drawn sector by sector from the codes, and
 * the columbarium chapel by chapel, coloured by state; a click opens the place's sales. The URL keeps the tab,
 * the sector and the chapel, so a link or a reload opens the same map.
 */
export function InventoryMapPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('vista') === 'nichos' ? 'nichos' : 'parcelas';
  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [open, setOpen] = useState<OpenPlace>();

  return (
    <>
      <PageHeader title="Mapa del inventario" backTo="/administracion" />
      <Tabs
        value={view}
        onChange={(_, value: string) => setParam('vista', value === 'nichos' ? 'nichos' : undefined)}
        aria-label="Inventario"
        sx={{ mb: 2 }}
      >
        <Tab value="parcelas" label="Parcelas" />
        <Tab value="nichos" label="Nichos de columbario" />
      </Tabs>
      {view === 'parcelas' ? (
        <PlotMapView
          sector={params.get('sector') ?? undefined}
          onSector={(value) => setParam('sector', value)}
          onOpen={setOpen}
        />
      ) : (
        <NicheMapView
          capilla={params.get('capilla') ?? undefined}
          onCapilla={(value) => setParam('capilla', value)}
          onOpen={setOpen}
        />
      )}
      {open && <PlaceDetailDialog place={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

function PlotMapView({
  sector,
  onSector,
  onOpen,
}: {
  sector: string | undefined;
  onSector: (sector: string) => void;
  onOpen: (place: OpenPlace) => void;
}) {
  return (
    <MapLayout images={<MapPreview clave="parcela" title="Plano de parcelas cargado" />}>
      <PlotMapBrowser sector={sector} onSector={onSector} onOpen={(plot) => onOpen(plotPlace(plot))} />
    </MapLayout>
  );
}

function NicheMapView({
  capilla,
  onCapilla,
  onOpen,
}: {
  capilla: string | undefined;
  onCapilla: (capilla: string) => void;
  onOpen: (place: OpenPlace) => void;
}) {
  const map = useNicheMap(capilla);
  if (map.isPending) return <LoadingState label="Cargando mapa..." />;
  if (map.isError) return <Alert severity="error">{withDetail(MAP_MESSAGES.errorCargar, map.error)}</Alert>;
  const { capillas, nichos } = map.data;
  if (!capillas.length) return <EmptyState>{MAP_MESSAGES.sinNichos}</EmptyState>;
  const chosen = map.data.capilla ?? '';
  const chapelName = (nombre: string) => nombre || 'Sin capilla';
  return (
    <MapLayout
      images={
        <Stack spacing={2}>
          {SIDES.map((side) => (
            <MapPreview
              key={side.clave}
              clave={side.clave}
              title={`Plano del columbario: ${side.name}`}
              maxHeight={220}
            />
          ))}
        </Stack>
      }
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            label="Capilla"
            value={capillas.some((item) => item.nombre === chosen) ? chosen : ''}
            onChange={(event) => onCapilla(event.target.value)}
            sx={{ minWidth: 260 }}
            size="small"
          >
            {capillas.map((item) => (
              <MenuItem key={item.nombre} value={item.nombre}>
                {chapelName(item.nombre)} — {item.disponibles} de {item.total} disponibles
              </MenuItem>
            ))}
          </TextField>
          <MapLegend labels={NICHE_STATE_LABELS} counts={countStates(nichos)} />
        </Stack>
        {nichos.length ? (
          <MapViewport label={`Mapa de ${chapelName(chosen)}`}>
            {(cellSize) => (
              <Stack spacing={3}>
                {nicheGrids(nichos).map(({ lado, grid }) => (
                  <Box key={lado}>
                    <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                      Lado {lado}
                    </Typography>
                    <PlaceGrid
                      label={`${chapelName(chosen)}, lado ${lado}: filas y columnas`}
                      grid={grid}
                      cellSize={cellSize}
                      stateOf={(niche) => niche.estado}
                      textOf={(niche) => niche.columna ?? ''}
                      describe={describeNiche}
                      onOpen={(niche) => onOpen(nichePlace(niche, chosen))}
                    />
                  </Box>
                ))}
              </Stack>
            )}
          </MapViewport>
        ) : (
          <EmptyState>No hay nichos en esta capilla.</EmptyState>
        )}
      </Stack>
    </MapLayout>
  );
}

/** The map, and the uploaded plans beside it on wide screens and below it on narrow ones. */
function MapLayout({ images, children }: { images: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 1fr)' },
      }}
    >
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        {children}
      </Paper>
      <Paper variant="outlined" component="aside" aria-label="Planos cargados" sx={{ p: 2 }}>
        {images}
      </Paper>
    </Box>
  );
}
