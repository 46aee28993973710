import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { searchQuerySchema, SEARCH_MESSAGES } from '@camposanto/domain';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api/client';
import { useSearchEverything } from '../../../api/busqueda/search-everything';
import { EmptyState } from '../../../components/empty-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { areaOf, moveActive, searchOptions, type SearchOption } from './search-options';
import { SearchResultList } from './search-result-list';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden';

const DEBOUNCE_MS = 250;
// The dialog's name for assistive technology; the field's label says the rest on screen.

interface SearchDialogProps {
  homePath: string;
  onClose: () => void;
}

/**
 * Issue 15: the search opened from the header (button, Ctrl+K or Cmd+K). A combobox: the text stays focused while
 * the arrows move through the results (aria-activedescendant), Enter opens the active one, Escape closes.
 */
export function SearchDialog({ homePath, onClose }: SearchDialogProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-resultados`;
  const titleId = `${id}-titulo`;
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  const parsed = searchQuerySchema.safeParse({ q: settled });
  const q = parsed.success ? parsed.data.q : '';
  const search = useSearchEverything(q, { enabled: parsed.success });
  const options = useMemo(
    () => (search.data && parsed.success ? searchOptions(search.data, areaOf(homePath), q) : []),
    [search.data, parsed.success, homePath, q],
  );
  const [active, setActive] = useState(-1);
  // The best result is the active one as each answer arrives, so Enter opens it.
  useEffect(() => setActive(options.length ? 0 : -1), [options]);
  const activeId = active >= 0 ? `${id}-${options[active]?.key}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const open = (option: SearchOption) => {
    onClose();
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => moveActive(index, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      open(options[active]);
    }
  };

  const isWaiting = text !== settled || (parsed.success && search.isFetching);
  const hasList = options.length > 0;
  const isEmpty = parsed.success && search.isSuccess && !search.isPlaceholderData && !hasList;
  const problem = !parsed.success && settled.trim() !== '' ? parsed.error.issues[0]?.message : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{
        '& .MuiDialog-container': { alignItems: 'flex-start' },
        '& .MuiDialog-paper': { mt: { xs: 2, sm: 8 } },
      }}
    >
      <DialogContent sx={{ p: 2 }}>
        <Typography id={titleId} component="h2" sx={VISUALLY_HIDDEN}>
          Búsqueda
        </Typography>
        <TextField
          autoFocus
          fullWidth
          label="Buscar"
          placeholder={SEARCH_MESSAGES.etiqueta}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': hasList,
              'aria-controls': listId,
              'aria-activedescendant': activeId,
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
              endAdornment: isWaiting ? (
                <InputAdornment position="end">
                  <CircularProgress size={20} aria-label={SEARCH_MESSAGES.buscando} />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <SearchResultList
          id={id}
          listId={listId}
          options={options}
          active={active}
          onActivate={setActive}
          onOpen={open}
        />
        <div aria-live="polite">
          {problem && (
            <Typography color="text.secondary" sx={{ pt: 2 }}>
              {problem}
            </Typography>
          )}
          {search.isError && parsed.success && (
            <Typography color="error" sx={{ pt: 2 }}>
              {errorDetail(search.error) ?? SEARCH_MESSAGES.errorBuscar}
            </Typography>
          )}
          {isEmpty && <EmptyState>{SEARCH_MESSAGES.sinResultados(q)}</EmptyState>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
