import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';

export const CELL_SIZES: readonly number[] = [16, 20, 26, 32, 40, 52];
const DEFAULT_ZOOM = 3;
// A press that moves further than this is a pan, not a click.
const DRAG_PX = 5;
const clampZoom = (value: number) => Math.min(CELL_SIZES.length - 1, Math.max(0, value));

/**
 * The map's frame: zoom buttons (and Ctrl + wheel), and panning by dragging the map or scrolling it. The map is
 * drawn by `children` at the cell size of the zoom.
 */
export function MapViewport({
  label,
  children,
}: {
  label: string;
  children: (cellSize: number) => ReactNode;
}) {
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | undefined>(
    undefined,
  );
  const cellSize = CELL_SIZES[zoom] ?? CELL_SIZES[DEFAULT_ZOOM]!;
  const zoomBy = (step: number) => setZoom((value) => clampZoom(value + step));

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || !frame.current) return;
    const { scrollLeft: left, scrollTop: top } = frame.current;
    drag.current = { x: event.clientX, y: event.clientY, left, top, moved: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (!start || !frame.current) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    start.moved = true;
    frame.current.scrollLeft = start.left - dx;
    frame.current.scrollTop = start.top - dy;
  };
  // A drag that ends on a place must not open it.
  const onClickCapture = (event: MouseEvent) => {
    if (drag.current?.moved) event.stopPropagation();
    drag.current = undefined;
  };
  // Ctrl + wheel zooms instead of zooming the page: React's wheel listeners are passive, so this one is native.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom((value) => clampZoom(value + (event.deltaY < 0 ? 1 : -1)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Tooltip title="Alejar">
          <span>
            <IconButton aria-label="Alejar" onClick={() => zoomBy(-1)} disabled={zoom === 0}>
              <RemoveIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" aria-live="polite" sx={{ minWidth: 88, textAlign: 'center' }}>
          Zoom {Math.round((cellSize / CELL_SIZES[DEFAULT_ZOOM]!) * 100)} %
        </Typography>
        <Tooltip title="Acercar">
          <span>
            <IconButton
              aria-label="Acercar"
              onClick={() => zoomBy(1)}
              disabled={zoom === CELL_SIZES.length - 1}
            >
              <AddIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Restablecer zoom">
          <IconButton aria-label="Restablecer zoom" onClick={() => setZoom(DEFAULT_ZOOM)}>
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          Arrastre para desplazarse; Ctrl + rueda para acercar o alejar.
        </Typography>
      </Stack>
      <Box
        ref={frame}
        role="region"
        aria-label={label}
        tabIndex={-1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => drag.current && !drag.current.moved && (drag.current = undefined)}
        onPointerLeave={() => (drag.current = undefined)}
        onClickCapture={onClickCapture}
        sx={{
          overflow: 'auto',
          maxHeight: '65vh',
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          cursor: 'grab',
          touchAction: 'pan-x pan-y',
          userSelect: 'none',
          '&:active': { cursor: 'grabbing' },
        }}
      >
        {children(cellSize)}
      </Box>
    </Box>
  );
}
