import { formatUsd, fromCents } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Preview } from './payment-selection';

function Amount({ label, cents }: { label: string; cents: number | undefined }) {
  const labelId = useId();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography id={labelId} component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-labelledby={labelId}
        sx={{ m: 0, fontSize: '1.15rem', fontWeight: 700 }}
      >
        {cents === undefined ? '—' : formatUsd(fromCents(cents))}
      </Typography>
    </Box>
  );
}

/**
 * The live price of the chosen plan (brief: precio plan, descuento, precio con descuento, monto por cuota).
 * A refusal of the pricing rule is shown by the field it concerns, not here.
 */
export function PricePreview({ preview, isFinanced }: { preview: Preview; isFinanced: boolean }) {
  const q = preview.status === 'ok' ? preview.quote : undefined;
  // Issue 10: a refused initial payment keeps the financed total in view, to correct the initial against it.
  const precioPlan = q?.precioPlan ?? (preview.status === 'error' ? preview.precioFinanciado : undefined);
  return (
    <Box
      component="dl"
      aria-label="Vista previa del precio"
      sx={{
        m: 0,
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      <Amount label="Precio Plan" cents={precioPlan} />
      <Amount label="Descuento" cents={q?.descuento} />
      <Amount label="Precio con Descuento" cents={q?.precioConDescuento} />
      {isFinanced && <Amount label="Monto por Cuota" cents={q?.montoPorCuota} />}
    </Box>
  );
}
