import { normalizePlotCode, PLOT_CODE_ERROR, REQUEST_MESSAGES } from '@camposanto/domain';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorDetail, isUnauthorized } from '../../../api/client';
import { useCreatePlot } from '../../../api/inventory/create-plot';
import { lookupPlot } from '../../../api/sales-inventory/lookup-plot';
import { SALES_MESSAGES } from '../messages';

/** A checked plot: its normalised code and the seats it had free when asked. */
export interface CheckedPlot {
  codigo: string;
  disponible: number;
}

/**
 * SPEC §5 Parcel code in a request: checked on blur, with the SPEC §8 Parcel lookup notices. A code not in
 * the inventory (issue 10, DESIGN §4.15) is never a line: administration may register it from here (SPEC §8
 * defaults), a seller is told to ask administration.
 */
export function usePlotLookup({ canRegister }: { canRegister: boolean }) {
  const [input, setInput] = useState('');
  const [formatError, setFormatError] = useState<string>();
  const [plot, setPlot] = useState<CheckedPlot | null>(null);
  const [unknownCode, setUnknownCode] = useState<string>();
  const [isChecking, setIsChecking] = useState(false);
  const createPlot = useCreatePlot();
  const asked = useRef('');

  function edit(value: string) {
    setInput(value);
    setFormatError(undefined);
    setUnknownCode(undefined);
    if (plot && value !== plot.codigo) setPlot(null);
  }

  /** Checks the code typed, or `value` when a plot is picked on the map (the typed input is not updated yet). */
  async function check(value = input) {
    if (!value.trim()) return;
    const codigo = normalizePlotCode(value);
    if (!codigo) return setFormatError(PLOT_CODE_ERROR);
    setInput(codigo);
    if (codigo === asked.current && (plot || unknownCode)) return;
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
      setPlot(null);
      if (error instanceof ApiError && error.status === 404) {
        setUnknownCode(codigo);
        if (canRegister) toast.warning(SALES_MESSAGES.parcelaNoEncontrada(codigo));
        else toast.error(REQUEST_MESSAGES.parcelaNoRegistrada(codigo));
      } else {
        asked.current = '';
        if (!isUnauthorized(error)) toast.error(SALES_MESSAGES.errorVerificarParcela);
      }
    } finally {
      setIsChecking(false);
    }
  }

  /** Registers the unknown code with the SPEC §8 defaults; the line can then be added. */
  async function register() {
    if (!unknownCode) return;
    try {
      const created = await createPlot.mutateAsync({ codigo: unknownCode });
      toast.success(SALES_MESSAGES.parcelaRegistrada(created.codigo));
      setUnknownCode(undefined);
      setPlot({ codigo: created.codigo, disponible: created.disponible });
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(errorDetail(error) ?? SALES_MESSAGES.errorRegistrarParcela);
    }
  }

  function reset() {
    asked.current = '';
    setInput('');
    setFormatError(undefined);
    setUnknownCode(undefined);
    setPlot(null);
  }

  return {
    input,
    formatError,
    plot,
    unknownCode,
    canRegister,
    isChecking,
    isRegistering: createPlot.isPending,
    edit,
    check,
    register,
    reset,
  };
}

export type PlotLookupState = ReturnType<typeof usePlotLookup>;
