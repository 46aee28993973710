import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { FormSection } from '../../../components/form-section';
import { RelativeRow } from './relative-row';
import { emptyRelative, type RelativeDraft, type RelativePrice } from './relatives';

interface RelativesSectionProps {
  wantsRelatives: boolean;
  relatives: readonly RelativeDraft[];
  prices: readonly RelativePrice[];
  disabled: boolean;
  onWantsRelativesChange: (wants: boolean) => void;
  onRelativesChange: (relatives: RelativeDraft[]) => void;
}

/** SPEC §2 SOLICITUD DE CONTRATO PREVISIVO: ASOCIAR PARIENTES. */
export function RelativesSection(props: RelativesSectionProps) {
  const { relatives, disabled, onRelativesChange } = props;
  const questionId = useId();

  function update(key: number, patch: Partial<RelativeDraft>) {
    onRelativesChange(
      relatives.map((relative) => (relative.key === key ? { ...relative, ...patch } : relative)),
    );
  }

  return (
    <FormSection title="ASOCIAR PARIENTES">
      <Stack spacing={2}>
        <div>
          <FormLabel id={questionId}>¿Desea Asociar algún Pariente?</FormLabel>
          <RadioGroup
            row
            aria-labelledby={questionId}
            value={props.wantsRelatives ? 'si' : 'no'}
            onChange={(event) => props.onWantsRelativesChange(event.target.value === 'si')}
          >
            <FormControlLabel value="no" control={<Radio />} label="No" disabled={disabled} />
            <FormControlLabel value="si" control={<Radio />} label="Sí" disabled={disabled} />
          </RadioGroup>
        </div>
        {props.wantsRelatives && (
          <>
            {relatives.map((relative, index) => (
              <RelativeRow
                key={relative.key}
                index={index}
                relative={relative}
                price={props.prices[index]}
                disabled={disabled}
                onChange={(patch) => update(relative.key, patch)}
                onRemove={() => onRelativesChange(relatives.filter((other) => other.key !== relative.key))}
              />
            ))}
            <div>
              <Button
                variant="outlined"
                startIcon={<PersonAddIcon />}
                disabled={disabled}
                onClick={() => onRelativesChange([...relatives, emptyRelative()])}
              >
                Añadir Familiar
              </Button>
            </div>
          </>
        )}
      </Stack>
    </FormSection>
  );
}
