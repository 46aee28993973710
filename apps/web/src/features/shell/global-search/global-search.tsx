import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useState } from 'react';

// The dialog, its results and its query come in their own chunk on first use (the area's frame stays light).
const SearchDialog = lazy(() =>
  import('./search-dialog').then((module) => ({ default: module.SearchDialog })),
);

const isShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** Issue 15: the header's search button; Ctrl+K (Cmd+K on a Mac) opens it from anywhere in the area. */
export function GlobalSearch({ homePath }: { homePath: string }) {
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setIsOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        aria-label="Buscar (Ctrl+K)"
        sx={{ minWidth: 0, px: { xs: 1, md: 1.5 }, whiteSpace: 'nowrap' }}
      >
        <SearchIcon aria-hidden fontSize="small" />
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, ml: 1 }}>
          Buscar
        </Box>
        <Box
          component="kbd"
          sx={{
            display: { xs: 'none', lg: 'inline' },
            ml: 1,
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            opacity: 0.8,
          }}
        >
          Ctrl K
        </Box>
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <SearchDialog homePath={homePath} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
