import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { GROUP_HEADINGS, GROUP_ORDER, type SearchOption } from './search-options';

interface SearchResultListProps {
  /** The dialog's id, the prefix of each option's id (aria-activedescendant). */
  id: string;
  listId: string;
  options: SearchOption[];
  active: number;
  onActivate: (index: number) => void;
  onOpen: (option: SearchOption) => void;
}

/**
 * The results under a heading per group (a listbox of labelled groups), each group ending with its lists' 'Ver todos
 * en …' entries; the pointer moves the active one too.
 */
export function SearchResultList({ id, listId, options, active, onActivate, onOpen }: SearchResultListProps) {
  // No empty listbox: the combobox points at it only while it is expanded.
  if (!options.length) return null;
  const indexed = options.map((option, index) => ({ option, index }));
  return (
    <Box
      id={listId}
      role="listbox"
      aria-label="Resultados de la búsqueda"
      sx={{ mt: 2, maxHeight: '60vh', overflowY: 'auto' }}
    >
      {GROUP_ORDER.map((group) => {
        const rows = indexed.filter(({ option }) => option.group === group);
        if (!rows.length) return null;
        const headingId = `${id}-grupo-${group}`;
        return (
          <Box key={group} role="group" aria-labelledby={headingId} sx={{ mb: 1 }}>
            <Typography
              id={headingId}
              variant="overline"
              color="text.secondary"
              sx={{ display: 'block', px: 1.5 }}
            >
              {GROUP_HEADINGS[group]}
            </Typography>
            {rows.map(({ option, index }) => (
              <Box
                key={option.key}
                id={`${id}-${option.key}`}
                role="option"
                aria-selected={index === active}
                onMouseMove={() => index !== active && onActivate(index)}
                // A 'Ver todos' entry is a real link too (a new tab with the pointer's middle button).
                {...(option.isListLink
                  ? { component: 'a' as const, href: option.href, tabIndex: -1 }
                  : undefined)}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  onOpen(option);
                }}
                sx={{
                  display: 'block',
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 1,
                  cursor: 'pointer',
                  bgcolor: index === active ? 'action.selected' : undefined,
                  color: option.isListLink ? 'primary.main' : undefined,
                }}
              >
                {option.isListLink ? (
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
                  >
                    {option.primary}
                    <ArrowForwardIcon aria-hidden fontSize="inherit" />
                  </Typography>
                ) : (
                  <>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {option.primary}
                    </Typography>
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {option.secondary}
                    </Typography>
                  </>
                )}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
