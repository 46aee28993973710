import type SvgIcon from '@mui/material/SvgIcon';

export interface MenuEntry {
  label: string;
  to: string;
  /** Things waiting on that screen (e.g. payments por verificar), shown as a badge when above zero. */
  count?: number;
}

export interface MenuGroup {
  label: string;
  Icon: typeof SvgIcon;
  entries: readonly MenuEntry[];
}
