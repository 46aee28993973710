import { ageOn, isoDate, PARENTESCOS } from '@camposanto/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DateInput } from '../../../components/date-input';
import { FormSection } from '../../../components/form-section';
import type { DeceasedDraft } from './funeral-contract';

interface DeceasedSectionProps {
  isIncluded: boolean;
  deceased: DeceasedDraft;
  disabled: boolean;
  onIncludedChange: (isIncluded: boolean) => void;
  onChange: (deceased: DeceasedDraft) => void;
}

function ageText(date: string): string {
  if (!isoDate.safeParse(date).success) return '';
  const age = ageOn(date);
  return age >= 0 ? String(age) : '';
}

/** SPEC §2: DATOS DEL DIFUNTO (included or not) and DATOS DE DEFUNCIÓN. */
export function DeceasedSection({
  isIncluded,
  deceased,
  disabled,
  onIncludedChange,
  onChange,
}: DeceasedSectionProps) {
  const questionId = useId();
  const age = ageText(deceased.fecha_nacimiento);
  const text = (name: keyof DeceasedDraft, label: string, extra: { required?: boolean } = {}) => (
    <TextField
      label={label}
      fullWidth
      disabled={disabled}
      value={deceased[name]}
      onChange={(event) => onChange({ ...deceased, [name]: event.target.value })}
      {...extra}
    />
  );
  const date = (name: 'fecha_nacimiento' | 'fecha_defuncion', label: string) => (
    <DateInput
      label={label}
      fullWidth
      disabled={disabled}
      value={deceased[name]}
      onChange={(value) => onChange({ ...deceased, [name]: value })}
    />
  );

  return (
    <FormSection title="DATOS DEL DIFUNTO">
      <Stack spacing={2}>
        <div>
          <FormLabel id={questionId}>¿Incluir los datos del difunto?</FormLabel>
          <RadioGroup
            row
            aria-labelledby={questionId}
            value={isIncluded ? 'si' : 'no'}
            onChange={(event) => onIncludedChange(event.target.value === 'si')}
          >
            <FormControlLabel value="si" control={<Radio />} label="Sí" disabled={disabled} />
            <FormControlLabel value="no" control={<Radio />} label="No" disabled={disabled} />
          </RadioGroup>
        </div>
        {isIncluded && (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>{text('nombre', 'Nombre del Difunto', { required: true })}</Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('cedula', 'Cédula del Difunto')}</Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextField
                  label="Parentesco"
                  select
                  fullWidth
                  disabled={disabled}
                  value={deceased.parentesco}
                  onChange={(event) => onChange({ ...deceased, parentesco: event.target.value })}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">Seleccione</option>
                  {Object.values(PARENTESCOS).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 8, sm: 6, md: 3 }}>{date('fecha_nacimiento', 'Fecha de Nacimiento')}</Grid>
              <Grid size={{ xs: 4, sm: 6, md: 2 }}>
                <TextField
                  label="Edad"
                  fullWidth
                  value={age}
                  slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: Boolean(age) } }}
                />
              </Grid>
            </Grid>
            <Typography variant="h2" sx={{ fontSize: '1.05rem', color: 'primary.main' }}>
              DATOS DE DEFUNCIÓN
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>{date('fecha_defuncion', 'Fecha de Defunción')}</Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text('causa', 'Causa de Defunción')}</Grid>
              <Grid size={{ xs: 12, md: 5 }}>{text('direccion', 'Dirección de Defunción')}</Grid>
            </Grid>
          </>
        )}
      </Stack>
    </FormSection>
  );
}
