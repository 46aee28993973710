import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FILE_RULES, FileInput } from '../../../components/file-input';
import { FormDateInput } from '../../../components/form-date-input';
import { textFieldProps } from '../../../lib/form-field';
import { ageText, type AuthorizedFormValues, type PersonFormValues } from './authorized-form';

interface AuthorizedPersonFieldsProps {
  index: number;
  register: UseFormRegister<AuthorizedFormValues>;
  control: Control<AuthorizedFormValues>;
  errors: FieldErrors<AuthorizedFormValues>;
  document: File | null;
  onDocumentChange: (file: File | null) => void;
  /** Present when the person can be removed (the second one, SPEC §5). */
  onRemove?: () => void;
  disabled: boolean;
}

const half = { xs: 12, sm: 6 } as const;

/** SPEC §3 Authorised person: the fields of one person of the dialog. */
export function AuthorizedPersonFields(props: AuthorizedPersonFieldsProps) {
  const { index, register, control, errors, document, onDocumentChange, onRemove, disabled } = props;
  const birthDate = useWatch({ control, name: `personas.${index}.fecha_nacimiento` });
  const personErrors = errors.personas?.[index];
  const field = (name: keyof PersonFormValues) => ({
    ...textFieldProps(register(`personas.${index}.${name}`), personErrors?.[name]),
    fullWidth: true,
    disabled,
  });
  const title = `Persona autorizada ${index + 1}`;

  return (
    <Stack role="group" aria-label={title} spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {onRemove && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Quitar ${title}`}
          >
            Quitar
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        <Grid size={half}>
          <TextField label="Nombre" autoFocus={index === 0} {...field('nombre')} />
        </Grid>
        <Grid size={half}>
          <TextField label="Cédula" {...field('cedula')} slotProps={{ htmlInput: { maxLength: 20 } }} />
        </Grid>
        <Grid size={12}>
          <TextField label="Dirección" {...field('direccion')} />
        </Grid>
        <Grid size={half}>
          <FormDateInput
            label="Fecha de Nacimiento"
            control={control}
            name={`personas.${index}.fecha_nacimiento`}
            fullWidth
            disabled={disabled}
            min="1900-01-01"
            max={dayjs().format('YYYY-MM-DD')}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            label="Edad"
            value={ageText(birthDate)}
            fullWidth
            disabled={disabled}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: Boolean(ageText(birthDate)) } }}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            label="Teléfono"
            type="tel"
            {...field('telefono')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            label="Celular"
            type="tel"
            {...field('celular')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField label="Email" type="email" {...field('email')} />
        </Grid>
        <Grid size={12}>
          <FileInput
            label={`Documento de identidad de la persona ${index + 1} (imagen, opcional)`}
            rule={FILE_RULES.image}
            file={document}
            onChange={onDocumentChange}
            disabled={disabled}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
