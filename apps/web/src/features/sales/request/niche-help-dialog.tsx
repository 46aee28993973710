import type { MapKey } from '@camposanto/domain';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useId, useState } from 'react';
import { MapImage } from '../shared/map-image';

// SPEC §2 Columbarium form: the four sides, in this order, are the uploads columbario_lado1..4.
const SIDES: ReadonlyArray<{ clave: MapKey; title: string }> = [
  { clave: 'columbario_lado1', title: 'Columbario Izquierdo Externo' },
  { clave: 'columbario_lado2', title: 'Columbario Izquierdo Interno' },
  { clave: 'columbario_lado3', title: 'Columbario Derecho Interno' },
  { clave: 'columbario_lado4', title: 'Columbario Derecho Externo' },
];

/** SPEC §2: the help dialog 'Códigos Nichos de Columbarios' with the four map images. */
export function NicheHelpDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="outlined" startIcon={<HelpOutlineIcon />} onClick={() => setIsOpen(true)}>
        Ver códigos
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        fullWidth
        maxWidth="lg"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>Códigos Nichos de Columbarios</DialogTitle>
        <DialogContent>
          <Grid container spacing={3}>
            {SIDES.map((side) => (
              <Grid key={side.clave} size={{ xs: 12, md: 6 }}>
                <MapImage clave={side.clave} title={side.title} />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
