import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Tema } from './temas';

/** SPEC §2 Ayuda: the topic's questions and answers, each opening on its own. */
export function TemaPreguntas({ tema }: { tema: Tema }) {
  return (
    <Box component="section" aria-label="Preguntas y respuestas">
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        Preguntas y respuestas
      </Typography>
      {tema.preguntas.map(({ pregunta, respuesta }) => (
        <Accordion key={pregunta} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 600 }}>{pregunta}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{respuesta}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
