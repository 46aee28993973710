import { MSG, plotPlace, type PlotRow } from '@camposanto/domain';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUpdatePlot } from '../../../api/inventory/update-plot';
import { FormDialog } from '../../../components/form-dialog';
import { textFieldProps } from '../../../lib/form-field';
import { PLOT_COUNTS, plotResolver, plotToForm, seatsOf } from './plot-form';

/** Edits the seat counts of one plot (SPEC §7 PUT /parcelas/{id} with the row). */
export function PlotDialog({ plot, onClose }: { plot: PlotRow; onClose: () => void }) {
  const updatePlot = useUpdatePlot();
  const { register, handleSubmit, formState, control } = useForm({
    resolver: plotResolver,
    defaultValues: plotToForm(plot),
  });
  const seats = seatsOf(useWatch({ control }));
  const sector = plotPlace(plot.codigo)?.sector;

  const onSubmit = handleSubmit((counts) =>
    updatePlot.mutate(
      { id: plot.id, row: { codigo: plot.codigo, ...counts } },
      {
        onSuccess: () => {
          toast.success(MSG.parcelaActualizada);
          onClose();
        },
        onError: (error) => toast.error(withDetail(MSG.errorActualizarParcela, error)),
      },
    ),
  );

  return (
    <FormDialog
      title={`Editar Parcela ${plot.codigo}`}
      isBusy={updatePlot.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {PLOT_COUNTS.map(({ name, label }, index) => (
        <TextField
          key={name}
          label={label}
          type="number"
          autoFocus={index === 0}
          fullWidth
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          {...textFieldProps(register(name), formState.errors[name])}
        />
      ))}
      <Typography color="text.secondary" aria-live="polite">
        Puestos: {seats ?? '—'}
      </Typography>
      {sector && (
        <Link component={RouterLink} to={`/administracion/mapa-parcelas?sector=${sector}`}>
          Ver el sector {sector} en el mapa
        </Link>
      )}
    </FormDialog>
  );
}
