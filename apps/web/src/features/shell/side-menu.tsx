import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Fragment, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuGroup } from './menu-types';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden';

// Read by assistive technology, not shown.

interface SideMenuProps {
  groups: readonly MenuGroup[];
  /** Called after a link is followed (the phone drawer closes itself). */
  onNavigate?: () => void;
}

function isCurrentEntry(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The label of the group that links to the page at `pathname`, if any. */
function groupOf(groups: readonly MenuGroup[], pathname: string): string | undefined {
  return groups.find((group) => group.entries.some((entry) => isCurrentEntry(pathname, entry.to)))?.label;
}

/**
 * SPEC §2: expandable groups, all closed at first, each toggling on its own; the current route is highlighted.
 * Issue 15: the group of the current page opens by itself, on a direct link, a reload or a link from elsewhere.
 */
export function SideMenu({ groups, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => {
    const current = groupOf(groups, pathname);
    return new Set(current ? [current] : []);
  });
  // A new page opens its group (the others stay as the user left them): state adjusted while rendering.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const current = groupOf(groups, pathname);
    if (current && !openGroups.has(current)) setOpenGroups(new Set([...openGroups, current]));
  }
  const idPrefix = useId();

  function toggle(label: string) {
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });
  }

  return (
    <List component="nav" aria-label="Menú principal">
      {groups.map((group, index) => {
        const isOpen = openGroups.has(group.label);
        const listId = `${idPrefix}-${index}`;
        return (
          <Fragment key={group.label}>
            <ListItemButton
              onClick={() => toggle(group.label)}
              aria-expanded={isOpen}
              aria-controls={isOpen ? listId : undefined}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <group.Icon />
              </ListItemIcon>
              <ListItemText primary={group.label} />
              {isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
              <List id={listId} component="div" disablePadding>
                {group.entries.map((entry) => {
                  const isCurrent = isCurrentEntry(pathname, entry.to);
                  return (
                    <ListItemButton
                      key={entry.to}
                      component={Link}
                      to={entry.to}
                      selected={isCurrent}
                      aria-current={isCurrent ? 'page' : undefined}
                      onClick={onNavigate}
                      sx={{ pl: 9 }}
                    >
                      <ListItemText primary={entry.label} />
                      {entry.count !== undefined && entry.count > 0 && (
                        <Chip
                          label={
                            <>
                              {`${entry.count} `}
                              <Box component="span" sx={VISUALLY_HIDDEN}>
                                pendientes
                              </Box>
                            </>
                          }
                          size="small"
                          color="warning"
                          sx={{ ml: 1, fontWeight: 700 }}
                        />
                      )}
                    </ListItemButton>
                  );
                })}
              </List>
            </Collapse>
          </Fragment>
        );
      })}
    </List>
  );
}
