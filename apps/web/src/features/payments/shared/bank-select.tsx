import { BANCOS_EMISORES } from '@camposanto/domain';
import TextField from '@mui/material/TextField';

/** SPEC §9: the 22 issuing banks plus a placeholder. */
export function BankSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (banco: string) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      label="Banco Emisor"
      select
      required
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Seleccione un banco</option>
      {BANCOS_EMISORES.map((banco) => (
        <option key={banco} value={banco}>
          {banco}
        </option>
      ))}
    </TextField>
  );
}
