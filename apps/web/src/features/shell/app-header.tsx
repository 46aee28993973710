import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import { useSession } from '../../lib/session';
import { ExchangeRateLabel } from './exchange-rate-label';
import { GlobalSearch } from './global-search/global-search';
import { useSignOut } from './use-sign-out';

interface AppHeaderProps {
  homePath: string;
  /** Shown only where the menu is a drawer that opens on demand (tablet, phone). */
  onOpenMenu?: () => void;
}

/** SPEC §1: the rate, the signed-in user's name and a sign-out button; plus the colour mode and the search (issue 15). */
export function AppHeader({ homePath, onOpenMenu }: AppHeaderProps) {
  const session = useSession();
  const { signOut, isSigningOut } = useSignOut();

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {onOpenMenu && (
          <IconButton color="inherit" edge="start" aria-label="Abrir menú" onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          component={Link}
          to={homePath}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontFamily: '"Bakbak One", sans-serif',
            fontSize: '1.4rem',
            display: { xs: 'none', sm: 'block' },
          }}
        >
          Camposanto
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <GlobalSearch homePath={homePath} />
        <ExchangeRateLabel />
        {session && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', display: { xs: 'none', sm: 'flex' } }}
          >
            <AccountCircleIcon aria-hidden />
            <Typography component="span" noWrap sx={{ maxWidth: 220 }}>
              {session.usuario}
            </Typography>
          </Stack>
        )}
        <ColorModeToggle />
        <Button
          color="inherit"
          variant="outlined"
          startIcon={<LogoutIcon />}
          onClick={signOut}
          disabled={isSigningOut}
          sx={{ whiteSpace: 'nowrap', '&.Mui-disabled': { color: 'inherit', opacity: 0.6 } }}
        >
          Cerrar Sesión
        </Button>
      </Toolbar>
    </AppBar>
  );
}
