import type SvgIcon from '@mui/material/SvgIcon';

export interface MenuEntry {
  label: string;
  to: string;
}

export interface MenuGroup {
  label: string;
  Icon: typeof SvgIcon;
  entries: readonly MenuEntry[];
}
