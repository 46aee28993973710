import { ageOn, CLIENT_MESSAGES, clientFieldsSchema, isoDate, type Client } from '@camposanto/domain';
import type { NewClientFields } from '../../../api/clients/create-client';

/** SPEC §3 Client fields as the inputs hold them. */
export interface ClientFormValues {
  cedula: string;
  nombre: string;
  fecha_nacimiento: string;
  telefono: string;
  celular: string;
  email: string;
  direccion: string;
}

export type ClientField = keyof ClientFormValues;

export const EMPTY_CLIENT: ClientFormValues = {
  cedula: '',
  nombre: '',
  fecha_nacimiento: '',
  telefono: '',
  celular: '',
  email: '',
  direccion: '',
};

/** SPEC §4 Client lookup: a found client prefills the form. */
export function clientToForm(client: Client): ClientFormValues {
  return {
    cedula: client.cedula,
    nombre: client.nombre,
    fecha_nacimiento: client.fecha_nacimiento ?? '',
    telefono: client.telefono ?? '',
    celular: client.celular ?? '',
    email: client.email ?? '',
    direccion: client.direccion ?? '',
  };
}

/** SPEC §5: edad is computed from the birth date and read-only; empty while the date is not valid. */
export function ageText(fechaNacimiento: string): string {
  if (!isoDate.safeParse(fechaNacimiento).success) return '';
  const age = ageOn(fechaNacimiento);
  return age >= 0 ? String(age) : '';
}

export type ClientValidation =
  | { ok: true; fields: NewClientFields }
  | { ok: false; message: string; errors: Partial<Record<ClientField, string>> };

/**
 * SPEC §5 Client (generic request), with the domain's schema — the same one the server applies. Missing
 * required fields are reported once, as 'Por favor, complete todos los campos obligatorios del cliente.'.
 */
export function validateClient(
  values: ClientFormValues,
  sellerId: string,
  document: File | null,
): ClientValidation {
  const documentName = document?.name ?? '';
  const result = clientFieldsSchema.safeParse({
    ...values,
    nombre_documento: documentName,
    vendedor_id: sellerId,
  });
  if (!result.success) {
    const errors: Partial<Record<ClientField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ClientField;
      if (field in EMPTY_CLIENT && !errors[field]) errors[field] = issue.message;
    }
    const messages = Object.values(errors);
    const message = messages.includes(CLIENT_MESSAGES.camposObligatorios)
      ? CLIENT_MESSAGES.camposObligatorios
      : (messages[0] ?? CLIENT_MESSAGES.camposObligatorios);
    return { ok: false, message, errors };
  }
  const fields = result.data;
  return {
    ok: true,
    fields: {
      vendedor_id: sellerId,
      nombre: fields.nombre,
      cedula: fields.cedula,
      fecha_nacimiento: fields.fecha_nacimiento,
      edad: ageText(fields.fecha_nacimiento),
      telefono: fields.telefono,
      celular: fields.celular ?? '',
      email: fields.email,
      direccion: fields.direccion,
      nombre_documento: fields.nombre_documento ?? '',
    },
  };
}
