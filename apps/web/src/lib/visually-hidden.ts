/**
 * Text for screen readers only: out of sight, yet read (a count's unit, a disabled button's reason, a chart's
 * table). Plain CSS values, so it serves as MUI's `sx` and as React's `style` alike. The element must sit in a
 * positioned box, or its absolute position may widen the page.
 */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;
