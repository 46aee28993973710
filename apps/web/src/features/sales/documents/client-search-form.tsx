import { CARE_MESSAGES } from '@camposanto/domain';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';

interface ClientSearchFormProps {
  isSearching: boolean;
  onSearch: (cedula: string) => void;
}

/** SPEC §5 Document search: a client is searched by cédula; an empty cédula is refused. */
export function ClientSearchForm({ isSearching, onSearch }: ClientSearchFormProps) {
  const [cedula, setCedula] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = cedula.trim();
    if (!value) {
      toast.error(CARE_MESSAGES.cedulaRequerida);
      return;
    }
    onSearch(value);
  }

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Buscar cliente"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <TextField
        label="Cédula del cliente"
        placeholder="V-12345678"
        value={cedula}
        onChange={(event) => setCedula(event.target.value.toUpperCase())}
        autoFocus
        sx={{ minWidth: { sm: 280 } }}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SearchIcon />}
        disabled={isSearching}
        sx={{ height: 56 }}
      >
        {isSearching ? 'Buscando...' : 'Buscar'}
      </Button>
    </Stack>
  );
}
