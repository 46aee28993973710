import { REQUEST_MESSAGES, type Niche } from '@camposanto/domain';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorDetail, isUnauthorized } from '../../../api/client';
import { lookupNiche } from '../../../api/sales-inventory/lookup-niche';
import { SALES_MESSAGES } from '../messages';

// The niche codes are stored upper case without spaces (as the server reads them).
const normalize = (code: string) => code.toUpperCase().replace(/\s+/g, '');

/** SPEC §8 Columbarium: why a niche cannot be requested, or undefined when it can. */
export function nicheRefusal(niche: Niche): string | undefined {
  if (niche.estado === 'ocupado' || niche.estado === 'vendido') return REQUEST_MESSAGES.nichoOcupado;
  if (niche.estado === 'reservado') return REQUEST_MESSAGES.nichoReservado(niche.codigo);
  if (niche.cantidad_nichos <= 0) return REQUEST_MESSAGES.nichoSinDisponibilidad;
  if (niche.estado !== 'disponible') return SALES_MESSAGES.nichoNoDisponible;
  return undefined;
}

function lookupErrorText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  const detail = errorDetail(error);
  if (status === 404) return REQUEST_MESSAGES.nichoNoEncontrado;
  if (status === 400 && detail?.includes('está reservado')) return detail;
  return SALES_MESSAGES.nichoNoDisponible;
}

/** SPEC §2 Columbarium form: the code is looked up and fills the niche's read-only details. */
export function useNicheLookup(onFound: (niche: Niche) => void) {
  const [input, setInput] = useState('');
  const [niche, setNiche] = useState<Niche | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  function edit(value: string) {
    setInput(value);
    if (niche && normalize(value) !== niche.codigo) setNiche(null);
  }

  async function search() {
    const codigo = normalize(input);
    if (!codigo || codigo === niche?.codigo) return;
    setInput(codigo);
    setIsSearching(true);
    try {
      const found = await lookupNiche(codigo);
      const refusal = nicheRefusal(found);
      if (refusal) {
        toast.error(refusal);
        setNiche(null);
      } else {
        setNiche(found);
        onFound(found);
      }
    } catch (error) {
      setNiche(null);
      if (!isUnauthorized(error)) toast.error(lookupErrorText(error));
    } finally {
      setIsSearching(false);
    }
  }

  function reset() {
    setInput('');
    setNiche(null);
  }

  return { input, niche, isSearching, edit, search, reset };
}

export type NicheLookupState = ReturnType<typeof useNicheLookup>;
