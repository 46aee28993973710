import TextField from '@mui/material/TextField';

interface StateFilterSelectProps<Value extends string> {
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  /** A new state shows the list from its first page. */
  onChange: (value: Value) => void;
  minWidth?: number;
}

/** 'Filtrar por Estado' above a list whose states the server filters (a native select, as on a phone). */
export function StateFilterSelect<Value extends string>({
  value,
  options,
  onChange,
  minWidth = 200,
}: StateFilterSelectProps<Value>) {
  return (
    <TextField
      label="Filtrar por Estado"
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
