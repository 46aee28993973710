import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Topic } from './topics';

/** SPEC §2 Ayuda: the topic's questions and answers, each opening on its own. */
export function TopicQuestions({ topic }: { topic: Topic }) {
  return (
    <Box component="section" aria-label="Preguntas y respuestas">
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        Preguntas y respuestas
      </Typography>
      {topic.questions.map(({ question, answer }) => (
        <Accordion key={question} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 600 }}>{question}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
