import { DEFAULT_PLOT_SEATS, normalizePlotCode, PLOT_CODE_ERROR, REQUEST_MESSAGES } from '@camposanto/domain';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, isUnauthorized } from '../../../api/client';
import { lookupPlot } from '../../../api/sales-inventory/lookup-plot';
import { SALES_MESSAGES } from '../messages';

/** A checked plot: its normalised code and the seats it had free when asked. */
export interface CheckedPlot {
  codigo: string;
  disponible: number;
}

/** SPEC §5 Parcel code in a request: checked on blur, with the SPEC §8 Parcel lookup notices. */
export function usePlotLookup() {
  const [input, setInput] = useState('');
  const [formatError, setFormatError] = useState<string>();
  const [plot, setPlot] = useState<CheckedPlot | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const asked = useRef('');

  function edit(value: string) {
    setInput(value);
    setFormatError(undefined);
    if (plot && value !== plot.codigo) setPlot(null);
  }

  async function check() {
    if (!input.trim()) return;
    const codigo = normalizePlotCode(input);
    if (!codigo) return setFormatError(PLOT_CODE_ERROR);
    setInput(codigo);
    if (codigo === asked.current && plot) return;
    asked.current = codigo;
    setIsChecking(true);
    try {
      const found = await lookupPlot(codigo);
      if (found.disponible <= 0) {
        toast.error(REQUEST_MESSAGES.parcelaSinPuestos(codigo));
        setInput('');
        setPlot(null);
      } else {
        toast.success(SALES_MESSAGES.parcelaDisponible(codigo, found.disponible));
        setPlot({ codigo, disponible: found.disponible });
      }
    } catch (error) {
      asked.current = '';
      if (error instanceof ApiError && error.status === 404) {
        // SPEC §8: a plot not in the inventory gets the defaults of a new one (3 seats); the server decides.
        toast.warning(SALES_MESSAGES.parcelaNoEncontrada(codigo));
        setPlot({ codigo, disponible: DEFAULT_PLOT_SEATS });
      } else {
        setPlot(null);
        if (!isUnauthorized(error)) toast.error(SALES_MESSAGES.errorVerificarParcela);
      }
    } finally {
      setIsChecking(false);
    }
  }

  function reset() {
    asked.current = '';
    setInput('');
    setFormatError(undefined);
    setPlot(null);
  }

  return { input, formatError, plot, isChecking, edit, check, reset };
}

export type PlotLookupState = ReturnType<typeof usePlotLookup>;
