import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useWatch } from 'react-hook-form';
import { FormSection } from '../../../components/form-section';
import { UploadProgress } from '../../../components/upload-progress';
import { ClientFields } from './client-fields';
import { ageText } from './client-form';
import { IdentityDocumentField } from './identity-document-field';
import type { ClientFormState } from './use-client-form';

/**
 * SPEC §2 DATOS DEL CLIENTE, shared by every request form. The cédula is asked first (SPEC §4 Client
 * lookup); the other fields open for typing only for a new client and are read-only for a registered one.
 */
export function ClientSection({ state, disabled = false }: { state: ClientFormState; disabled?: boolean }) {
  const { form, status } = state;
  const [cedulaValue, fechaNacimiento] = useWatch({
    control: form.control,
    name: ['cedula', 'fecha_nacimiento'],
  });
  const isSearching = status === 'searching';
  const cedula = form.register('cedula', { onChange: state.cedulaEdited, onBlur: () => void state.lookup() });
  const { ref: cedulaRef, ...cedulaProps } = cedula;

  return (
    <FormSection title="DATOS DEL CLIENTE">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            label="Cédula"
            required
            fullWidth
            disabled={disabled}
            {...cedulaProps}
            value={cedulaValue}
            inputRef={cedulaRef}
            error={Boolean(form.formState.errors.cedula)}
            helperText="Escriba la cédula y pulse Enter para buscar al cliente."
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void state.lookup();
              }
            }}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {isSearching ? (
                      <CircularProgress size={22} aria-label="Buscando cliente..." />
                    ) : (
                      <IconButton aria-label="Buscar cliente" edge="end" onClick={() => void state.lookup()}>
                        <SearchIcon />
                      </IconButton>
                    )}
                  </InputAdornment>
                ),
              },
            }}
          />
        </Grid>
        <ClientFields state={state} age={ageText(fechaNacimiento)} disabled={disabled} />
        <Grid size={12}>
          {status === 'new' ? (
            <IdentityDocumentField file={state.document} onChange={state.setDocument} disabled={disabled} />
          ) : null}
        </Grid>
      </Grid>
      {state.uploadProgress !== null && (
        <Box sx={{ mt: 2 }}>
          <UploadProgress value={state.uploadProgress} label="Registrando cliente" />
        </Box>
      )}
    </FormSection>
  );
}
