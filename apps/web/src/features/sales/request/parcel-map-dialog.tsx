import MapIcon from '@mui/icons-material/Map';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { PlotMapBrowser } from '../../../components/place-map/plot-map-browser';
import { MapImage } from '../shared/map-image';
import { useStoredMap } from '../shared/use-stored-map';

const TITLE = 'Mapa de Parcelas';

/**
 * SPEC §2 Parcelas form: the map image viewer (preloaded with the form, SPEC §7), and, issue 15, the plots of
 * each sector drawn by state: picking one fills the form's code and checks it.
 */
export function ParcelMapDialog({ onPick }: { onPick: (codigo: string) => void }) {
  useStoredMap('parcela');
  const [isOpen, setIsOpen] = useState(false);
  const [tab, setTab] = useState<'estado' | 'plano'>('estado');
  const [sector, setSector] = useState<string>();
  const titleId = useId();
  const close = () => setIsOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<MapIcon />} onClick={() => setIsOpen(true)}>
        Ver Mapa
      </Button>
      <Dialog open={isOpen} onClose={close} fullWidth maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{TITLE}</DialogTitle>
        <DialogContent>
          <Tabs
            value={tab}
            onChange={(_, value: 'estado' | 'plano') => setTab(value)}
            aria-label={TITLE}
            sx={{ mb: 2 }}
          >
            <Tab value="estado" label="Parcelas por estado" />
            <Tab value="plano" label="Plano" />
          </Tabs>
          {tab === 'estado' ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Elija una parcela con puestos disponibles para usar su código en la solicitud.
              </Typography>
              <PlotMapBrowser
                sector={sector}
                onSector={setSector}
                onOpen={(plot) => {
                  onPick(plot.codigo);
                  close();
                }}
              />
            </>
          ) : (
            <MapImage clave="parcela" title={TITLE} showCaption={false} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
