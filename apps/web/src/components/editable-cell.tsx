import { MSG } from '@camposanto/domain';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { z } from 'zod';

export type DraftParse<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads a draft with a schema of the domain, so the cell checks what the server will (e.g. priceInput). */
export function parseWith<T>(schema: z.ZodType<T>): (draft: string) => DraftParse<T> {
  return (draft) => {
    const result = schema.safeParse(draft);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, message: result.error.issues[0]?.message ?? MSG.datosInvalidos };
  };
}

interface EditableCellProps<T> {
  value: T;
  /** Names the value, e.g. 'De Contado de Cremación Básica'; the field and its button take it. */
  label: string;
  /** The value as the table shows it (e.g. money with 2 decimals). */
  display?: ReactNode;
  parse: (draft: string) => DraftParse<T>;
  /** Saves the one field; a rejection keeps the draft and shows the error's (server's) message. */
  onSave: (value: T) => Promise<unknown>;
  inputMode?: 'text' | 'decimal' | 'numeric';
  align?: 'left' | 'right';
}

const toDraft = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * SPEC §4 Inline cell editing: click a cell to edit; Enter or blur saves; Escape cancels.
 * An unchanged value is not sent.
 */
export function EditableCell<T>(props: EditableCellProps<T>) {
  const { value, label, display, parse, onSave, inputMode = 'text', align = 'left' } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  // Read synchronously: Enter (or Escape) is followed by a blur, which must not save again.
  const isEditing = useRef(false);
  const isBusy = useRef(false);

  function open() {
    isEditing.current = true;
    setDraft(toDraft(value));
    setError(undefined);
  }

  function close() {
    isEditing.current = false;
    setDraft(null);
    setError(undefined);
  }

  async function commit() {
    if (draft === null || !isEditing.current || isBusy.current) return;
    const parsed = parse(draft);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (parsed.value === value) {
      close();
      return;
    }
    isBusy.current = true;
    setIsSaving(true);
    try {
      await onSave(parsed.value);
      close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      isBusy.current = false;
      setIsSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  if (draft === null) {
    return (
      <Box
        component="button"
        type="button"
        aria-label={`Editar ${label}`}
        title="Clic para editar"
        onClick={open}
        sx={{
          all: 'unset',
          boxSizing: 'border-box',
          display: 'block',
          // The padding sits in the cell's own: the value lines up with its column header.
          width: 'calc(100% + 16px)',
          mx: -1,
          minHeight: 32,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          textAlign: align,
          cursor: 'text',
          border: '1px dashed transparent',
          '&:hover': { borderColor: 'divider', bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {display ?? (toDraft(value) || '—')}
      </Box>
    );
  }

  return (
    <TextField
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => void commit()}
      autoFocus
      size="small"
      fullWidth
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: inputMode === 'text' ? 180 : 110 }}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode,
          readOnly: isSaving,
          style: { textAlign: align },
        },
        input: {
          endAdornment: isSaving ? (
            <InputAdornment position="end">
              <CircularProgress size={16} aria-label="Guardando..." />
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
