import {
  FUNERAL_CHAPELS,
  formatUsd,
  type FuneralExtras,
  type FuneralPlan,
  type MetodoPago,
} from '@camposanto/domain';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormSection } from '../../../components/form-section';

export interface FuneralChoice {
  capilla: string;
  planId: string;
  metodo: MetodoPago;
  extras: FuneralExtras;
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;
const price = (amount: number | null) => formatUsd(amount ?? 0);

interface FuneralPlanSectionProps {
  plans: readonly FuneralPlan[];
  isLoading: boolean;
  choice: FuneralChoice;
  disabled: boolean;
  onChange: (choice: FuneralChoice) => void;
  onAdd: () => void;
}

/** SPEC §2 SOLICITUD DE SERVICIO FUNERARIO: chapel, wake time and extras, with their prices. */
export function FuneralPlanSection({
  plans,
  isLoading,
  choice,
  disabled,
  onChange,
  onAdd,
}: FuneralPlanSectionProps) {
  const wakes = plans.filter((plan) => plan.tipo_capilla === choice.capilla);
  const plan = wakes.find((candidate) => String(candidate.id) === choice.planId);
  const extra = (name: keyof FuneralExtras, label: string, amount: number | null | undefined) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={choice.extras[name]}
          disabled={disabled}
          onChange={(event) =>
            onChange({ ...choice, extras: { ...choice.extras, [name]: event.target.checked } })
          }
        />
      }
      label={plan ? `${label} (${price(amount ?? 0)})` : label}
    />
  );

  return (
    <FormSection title="DATOS DEL SERVICIO">
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label="Tipo de Capilla"
              select
              required
              fullWidth
              disabled={disabled || isLoading}
              value={choice.capilla}
              onChange={(event) => onChange({ ...choice, capilla: event.target.value, planId: '' })}
              slotProps={nativeSelect}
              helperText={isLoading ? 'Cargando planes...' : undefined}
            >
              <option value="" disabled>
                Seleccione una capilla
              </option>
              {FUNERAL_CHAPELS.map((chapel) => (
                <option key={chapel} value={chapel}>
                  {chapel}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label="Tiempo de Velación"
              select
              required
              fullWidth
              disabled={disabled || !choice.capilla}
              value={choice.planId}
              onChange={(event) => onChange({ ...choice, planId: event.target.value })}
              slotProps={nativeSelect}
            >
              <option value="" disabled>
                Seleccione el tiempo
              </option>
              {wakes.map((wake) => (
                <option key={wake.id} value={String(wake.id)}>
                  {`${wake.tiempo_velacion} — ${price(wake.precio_velacion)}`}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label="Método de Pago"
              select
              fullWidth
              disabled={disabled}
              value={choice.metodo}
              onChange={(event) => onChange({ ...choice, metodo: event.target.value as MetodoPago })}
              slotProps={nativeSelect}
            >
              <option value="USD">USD</option>
              <option value="VES">VES</option>
            </TextField>
          </Grid>
        </Grid>
        <FormGroup row>
          {extra('traslado', 'Servicio de Traslado', plan?.precio_traslado)}
          {extra('preparacion', 'Preparación del Difunto', plan?.preparacion_difunto_sencilla)}
          {extra('ataud', 'Alquiler de Ataúd', plan?.alquiler_ataud_sencillo)}
        </FormGroup>
        {plan && (
          <Typography color="text.secondary">Precio de la velación: {price(plan.precio_velacion)}</Typography>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<PlaylistAddIcon />} disabled={disabled} onClick={onAdd}>
            Añadir Contrato
          </Button>
        </Stack>
      </Stack>
    </FormSection>
  );
}
