import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { cloneElement, useId, type ReactElement } from 'react';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden';

// Read by assistive technology, not shown.

/**
 * Issue 15: a disabled control says why. A disabled button fires no events, so the tooltip sits on a span around
 * it; the reason is also the button's description, for a screen reader. Without a reason, the control as it is.
 */
export function DisabledReason({
  reason,
  children,
}: {
  reason: string | undefined;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const reasonId = useId();
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <Box component="span" sx={{ display: 'inline-flex', position: 'relative' }}>
        {cloneElement(children, { 'aria-describedby': reasonId })}
        <Box component="span" id={reasonId} sx={VISUALLY_HIDDEN}>
          {reason}
        </Box>
      </Box>
    </Tooltip>
  );
}
