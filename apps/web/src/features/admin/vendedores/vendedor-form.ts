import { updateVendedorSchema, type Vendedor } from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { UpdateVendedorPayload } from '../../../api/vendedores/update-vendedor';

export interface VendedorFormValues {
  nombre: string;
  cedula: string;
  direccion: string;
  telefono: string;
  email: string;
  /** null is 'Sin supervisor'. */
  supervisor_id: number | null;
}

export function vendedorToForm(vendedor: Vendedor): VendedorFormValues {
  return {
    nombre: vendedor.nombre,
    cedula: vendedor.cedula ?? '',
    direccion: vendedor.direccion ?? '',
    telefono: vendedor.telefono ?? '',
    email: vendedor.email,
    supervisor_id: vendedor.supervisor_id,
  };
}

// SPEC §5 Vendedor edit, by the domain's schema. The cast only restates the input type (see user-form.ts).
export const vendedorResolver = zodResolver(updateVendedorSchema) as unknown as Resolver<
  VendedorFormValues,
  unknown,
  UpdateVendedorPayload
>;
