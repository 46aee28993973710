import MapIcon from '@mui/icons-material/Map';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { MapImage } from '../shared/map-image';
import { useStoredMap } from '../shared/use-stored-map';

const TITLE = 'Mapa de Parcelas';

/** SPEC §2 Parcelas form: the map image viewer. The image is preloaded with the form (SPEC §7). */
export function ParcelMapDialog() {
  useStoredMap('parcela');
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="outlined" startIcon={<MapIcon />} onClick={() => setIsOpen(true)}>
        Ver Mapa
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        fullWidth
        maxWidth="lg"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{TITLE}</DialogTitle>
        <DialogContent>
          <MapImage clave="parcela" title={TITLE} showCaption={false} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
