import { updateSellerSchema, type Seller } from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { UpdateSellerPayload } from '../../../api/sellers/update-seller';

export interface SellerFormValues {
  nombre: string;
  cedula: string;
  direccion: string;
  telefono: string;
  email: string;
  /** null is 'Sin supervisor'. */
  supervisor_id: number | null;
}

export function sellerToForm(seller: Seller): SellerFormValues {
  return {
    nombre: seller.nombre,
    cedula: seller.cedula ?? '',
    direccion: seller.direccion ?? '',
    telefono: seller.telefono ?? '',
    email: seller.email,
    supervisor_id: seller.supervisor_id,
  };
}

// SPEC §5 Vendedor edit, by the domain's schema. The cast only restates the input type (see user-form.ts).
export const sellerResolver = zodResolver(updateSellerSchema) as unknown as Resolver<
  SellerFormValues,
  unknown,
  UpdateSellerPayload
>;
