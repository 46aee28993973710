import { MSG } from '@camposanto/domain';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';

/** What a file input takes: the picker's filter, the check of the chosen file and its refusal text. */
export interface FileRule {
  accept: string;
  matches: (file: File) => boolean;
  invalidMessage: string;
}

// SPEC §5 Plot upload: images only; CSV only (by name or type, as systems label CSV differently).
export const FILE_RULES = {
  image: {
    accept: 'image/*',
    matches: (file) => file.type.startsWith('image/'),
    invalidMessage: MSG.imagenInvalida,
  },
  csv: {
    accept: '.csv,text/csv',
    matches: (file) => file.type === 'text/csv' || /\.csv$/i.test(file.name),
    invalidMessage: MSG.csvInvalido,
  },
} satisfies Record<string, FileRule>;

interface FileInputProps {
  label: string;
  rule: FileRule;
  file: File | null;
  /** Receives the chosen file, or null when it was refused or removed. */
  onChange: (file: File | null) => void;
  /** A message from the form (e.g. a required file); the input's own type refusal shows otherwise. */
  error?: string;
  disabled?: boolean;
}

/** A file picker that shows the chosen file's name and refuses files of the wrong type. */
export function FileInput({ label, rule, file, onChange, error, disabled = false }: FileInputProps) {
  const messageId = useId();
  const labelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string>();
  const message = refusal ?? error;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Choosing the same file again after removing it must fire a change again.
    event.target.value = '';
    if (!chosen) return;
    if (!rule.matches(chosen)) {
      setRefusal(rule.invalidMessage);
      onChange(null);
      return;
    }
    setRefusal(undefined);
    onChange(chosen);
  }

  return (
    <Box>
      {/* The input carries the label (aria-label); the button beside it opens it. A button wrapping the input
          would nest one control in another (axe: nested-interactive). */}
      <Typography variant="subtitle2" component="p" gutterBottom id={labelId}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          aria-describedby={labelId}
          onClick={() => inputRef.current?.click()}
          sx={{ flexShrink: 0 }}
        >
          Seleccionar archivo
        </Button>
        <Box
          component="input"
          ref={inputRef}
          type="file"
          tabIndex={-1}
          accept={rule.accept}
          onChange={choose}
          disabled={disabled}
          aria-label={label}
          aria-describedby={message ? messageId : undefined}
          aria-invalid={Boolean(message)}
          sx={{
            clip: 'rect(0 0 0 0)',
            clipPath: 'inset(50%)',
            height: 1,
            width: 1,
            overflow: 'hidden',
            position: 'absolute',
            whiteSpace: 'nowrap',
          }}
        />
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          noWrap
          sx={{ minWidth: 0 }}
          title={file?.name}
        >
          {file ? file.name : 'Ningún archivo seleccionado'}
        </Typography>
        {file && !disabled && (
          <IconButton size="small" aria-label={`Quitar ${label}`} onClick={() => onChange(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {message && (
        <FormHelperText id={messageId} error>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
