import type { Plan } from '@camposanto/domain';
import TextField from '@mui/material/TextField';

interface PlanSelectProps {
  plans: readonly Plan[];
  value: string;
  isLoading: boolean;
  disabled?: boolean;
  onChange: (planId: string) => void;
}

/** The plans on sale for the form's service (SPEC §7 plan lists; DESIGN §4.1 only active ones). */
export function PlanSelect({ plans, value, isLoading, disabled = false, onChange }: PlanSelectProps) {
  return (
    <TextField
      label="Plan"
      select
      required
      fullWidth
      value={value}
      disabled={disabled || isLoading}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      helperText={isLoading ? 'Cargando planes...' : undefined}
    >
      <option value="" disabled>
        Seleccione un plan
      </option>
      {plans.map((plan) => (
        <option key={plan.id} value={String(plan.id)}>
          {plan.descripcion}
        </option>
      ))}
    </TextField>
  );
}
