import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

const MODES = [
  { value: 'light', label: 'Claro', Icon: LightModeIcon },
  { value: 'dark', label: 'Oscuro', Icon: DarkModeIcon },
  { value: 'system', label: 'Sistema', Icon: BrightnessAutoIcon },
] as const;

/** SPEC §4: light, dark or system colour mode, remembered locally by the theme provider. */
export function ColorModeToggle() {
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = MODES.find((option) => option.value === mode) ?? MODES[2];

  return (
    <>
      <Tooltip title="Tema de color">
        <IconButton
          color="inherit"
          aria-label="Tema de color"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {MODES.map(({ value, label, Icon }) => (
          <MenuItem
            key={value}
            selected={value === current.value}
            onClick={() => {
              setMode(value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
