import {
  createUserSchema,
  type CreateUserBody,
  isSellerRole,
  ROL_LABELS,
  updateUserSchema,
  type Rol,
  type User,
} from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { UpdateUserPayload } from '../../../api/users/update-user';

/** What the inputs hold; the domain's schemas turn it into what the API receives. */
export interface UserFormValues {
  username: string;
  email: string;
  rol: string;
  password: string;
  cedula: string;
  direccion: string;
  telefono: string;
}

// SPEC §6: the user form's value for Administrador is 'admin' (DESIGN §4.3: an alias of administrador).
export const ROL_OPTIONS = [
  { value: 'admin', label: ROL_LABELS.administrador },
  { value: 'asistente', label: ROL_LABELS.asistente },
  { value: 'supervisor', label: ROL_LABELS.supervisor },
  { value: 'vendedor', label: ROL_LABELS.vendedor },
  { value: 'cliente', label: ROL_LABELS.cliente },
] as const;

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  email: '',
  rol: '',
  password: '',
  cedula: '',
  direccion: '',
  telefono: '',
};

export function userToForm(user: User): UserFormValues {
  return {
    username: user.username,
    email: user.email,
    rol: user.rol === 'administrador' ? 'admin' : user.rol,
    password: '',
    cedula: user.cedula ?? '',
    direccion: user.direccion ?? '',
    telefono: user.telefono ?? '',
  };
}

/** SPEC §5 User form: the seller's details are asked only when adding a seller or a supervisor. */
export function needsSellerDetails(rol: string): boolean {
  return isSellerRole(rol as Rol);
}

export type UpdateUserOutput = z.output<typeof updateUserSchema>;

// The domain's schemas are the form's rules, so the web and the API refuse the same things. The casts
// only restate the input type: the inputs hold strings, which the schemas' wider inputs accept.
export const createUserResolver = zodResolver(createUserSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  CreateUserBody
>;
export const updateUserResolver = zodResolver(updateUserSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  UpdateUserOutput
>;

/** SPEC §5: unless the new user is a seller or supervisor, cédula, dirección and teléfono are sent as null. */
export function toCreatePayload(user: CreateUserBody): CreateUserBody {
  const { vendedor_id: _unused, ...payload } = user;
  if (isSellerRole(payload.rol)) return payload;
  return { ...payload, cedula: null, direccion: null, telefono: null };
}

/** SPEC §7 PUT /usuarios/{id}: username, email, rol and, only when typed, password. */
export function toUpdatePayload({ username, email, rol, password }: UpdateUserOutput): UpdateUserPayload {
  return password ? { username, email, rol, password } : { username, email, rol };
}
