import { LIST_MESSAGES, LIST_SEARCH_MAX_LENGTH } from '@camposanto/domain';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../api/client';
import { downloadListCsv } from '../api/list-csv';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { BusyButton } from './busy-button';

// Issue 15 (decision 032): the search box, the filters and 'Exportar CSV' above every list.

export type ListFilterSelect = {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
};

interface ListToolbarProps {
  /** The search as the URL keeps it; the box asks for it 300 ms after the last key. */
  q: string;
  onSearch: (q: string) => void;
  searchLabel: string;
  filters?: readonly ListFilterSelect[];
  /** The list's route, its query (q, orden, filters) and the file's name before the date. */
  exportCsv?: { path: string; query: Record<string, string>; name: string };
  /** More fields, such as dates. */
  children?: ReactNode;
}

const SEARCH_DELAY_MS = 300;

export function ListToolbar({
  q,
  onSearch,
  searchLabel,
  filters = [],
  exportCsv,
  children,
}: ListToolbarProps) {
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [isExporting, setIsExporting] = useState(false);

  // The URL changed elsewhere (back button, a link): the box shows it.
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (settled.trim() !== q) onSearch(settled);
    // Only a settled text asks the server again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  async function exportList() {
    if (!exportCsv) return;
    setIsExporting(true);
    try {
      await downloadListCsv(exportCsv.path, exportCsv.query, exportCsv.name);
    } catch (error) {
      toast.error(withDetail(LIST_MESSAGES.errorExportar, error));
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        size="small"
        label={searchLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text);
          if (event.key === 'Escape' && text) setText('');
        }}
        sx={{ minWidth: 240, flex: '1 1 240px', maxWidth: 420 }}
        slotProps={{
          htmlInput: { maxLength: LIST_SEARCH_MAX_LENGTH, type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label={LIST_MESSAGES.limpiarBusqueda}
                  onClick={() => {
                    setText('');
                    onSearch('');
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {filters.map((filter) => (
        <TextField
          key={filter.name}
          select
          size="small"
          label={filter.label}
          value={filter.value}
          onChange={(event) => filter.onChange(event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{LIST_MESSAGES.todos}</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {children}
      {exportCsv && (
        <Box sx={{ ml: 'auto' }}>
          <BusyButton
            variant="outlined"
            icon={<DownloadIcon />}
            isBusy={isExporting}
            onClick={() => void exportList()}
          >
            {LIST_MESSAGES.exportarCsv}
          </BusyButton>
        </Box>
      )}
    </Box>
  );
}

/** The empty text of a list: the search's own when there is one. */
export function listEmptyText(q: string, otherwise: string): string {
  return q ? LIST_MESSAGES.sinResultados(q) : otherwise;
}
