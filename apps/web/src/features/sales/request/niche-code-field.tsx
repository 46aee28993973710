import type { Niche } from '@camposanto/domain';
import SearchIcon from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NicheHelpDialog } from './niche-help-dialog';
import type { NicheLookupState } from './use-niche-lookup';

// SPEC §2 Columbarium form: the read-only fields the lookup fills, with their widths from md up.
const DETAILS: ReadonlyArray<{ label: string; md: number; value: (niche: Niche) => string | number | null }> =
  [
    { label: 'Capilla', md: 3, value: (niche) => niche.capilla },
    { label: 'Lado', md: 3, value: (niche) => niche.lado },
    { label: 'Nichos', md: 2, value: (niche) => niche.cantidad_nichos },
    { label: 'Fila', md: 2, value: (niche) => niche.fila },
    { label: 'Columna', md: 2, value: (niche) => niche.columna },
    { label: 'Plan', md: 6, value: (niche) => niche.plan },
    { label: 'Descripción', md: 6, value: (niche) => niche.descripcion },
  ];

/** SPEC §2 Columbarium form: the niche code, its help dialog and the niche's details. */
export function NicheCodeField({ lookup, disabled }: { lookup: NicheLookupState; disabled: boolean }) {
  const search = () => void lookup.search();
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Código del Nicho"
          required
          value={lookup.input}
          disabled={disabled}
          onChange={(event) => lookup.edit(event.target.value)}
          onBlur={search}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search();
            }
          }}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {lookup.isSearching ? (
                    <CircularProgress size={20} aria-label="Buscando nicho..." />
                  ) : (
                    <IconButton aria-label="Buscar nicho" edge="end" onClick={search} disabled={disabled}>
                      <SearchIcon />
                    </IconButton>
                  )}
                </InputAdornment>
              ),
            },
          }}
        />
        <div>
          <NicheHelpDialog />
        </div>
      </Stack>
      <Grid container spacing={2}>
        {DETAILS.map((detail) => (
          <Grid key={detail.label} size={{ xs: 6, sm: 4, md: detail.md }}>
            <TextField
              label={detail.label}
              value={lookup.niche ? (detail.value(lookup.niche) ?? '') : ''}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
