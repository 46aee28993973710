import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { CopyrightFooter } from '../../components/copyright-footer';
import { AppHeader } from './app-header';
import type { MenuGroup } from './menu-types';
import { SideMenu } from './side-menu';

const DRAWER_WIDTH = 280;

interface AreaLayoutProps {
  homePath: string;
  groups: readonly MenuGroup[];
}

/** Header, side menu and footer around an area's screens. The menu is fixed from md up, a drawer below. */
export function AreaLayout({ homePath, groups }: AreaLayoutProps) {
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppHeader homePath={homePath} onOpenMenu={isDesktop ? undefined : () => setIsMenuOpen(true)} />
      <Drawer
        variant={isDesktop ? 'permanent' : 'temporary'}
        open={isDesktop || isMenuOpen}
        onClose={() => setIsMenuOpen(false)}
        sx={{
          width: isDesktop ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <SideMenu groups={groups} onNavigate={() => setIsMenuOpen(false)} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <Outlet />
        </Box>
        <CopyrightFooter />
      </Box>
    </Box>
  );
}
