import {
  ageOn,
  authorizedPersonSchema,
  CARE_MESSAGES,
  isoDate,
  MAX_AUTORIZADOS,
  type AuthorizedPersonInput,
} from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** SPEC §3 Authorised person as the dialog's inputs hold it (edad is computed, the image kept apart). */
export interface PersonFormValues {
  nombre: string;
  cedula: string;
  direccion: string;
  fecha_nacimiento: string;
  telefono: string;
  celular: string;
  email: string;
}

export interface AuthorizedFormValues {
  personas: PersonFormValues[];
}

export const EMPTY_PERSON: PersonFormValues = {
  nombre: '',
  cedula: '',
  direccion: '',
  fecha_nacimiento: '',
  telefono: '',
  celular: '',
  email: '',
};

/**
 * SPEC §5 Authorised persons, with the domain's schema — the one the server applies: per person name and
 * cédula both filled or both empty, a filled person complete, the date valid, the e-mail of the simple
 * pattern. At least one person must be filled in.
 */
const authorizedFormSchema = z
  .object({ personas: z.array(authorizedPersonSchema).min(1).max(MAX_AUTORIZADOS) })
  .refine((form) => form.personas.some((person) => person.nombre !== ''), {
    path: ['personas', 0, 'nombre'],
    message: CARE_MESSAGES.sinPersonas,
  });

export const authorizedResolver = zodResolver(
  authorizedFormSchema,
) as unknown as Resolver<AuthorizedFormValues>;

/** SPEC §5: edad is automatic and read-only; empty while the birth date is not a valid past date. */
export function ageText(fechaNacimiento: string | undefined): string {
  if (!fechaNacimiento || !isoDate.safeParse(fechaNacimiento).success) return '';
  const age = ageOn(fechaNacimiento);
  return age >= 0 ? String(age) : '';
}

/** The persons filled in (an empty slot is skipped, as the server does), each with its image. */
export function filledPersons(
  values: AuthorizedFormValues,
  documents: readonly (File | null)[],
): { person: AuthorizedPersonInput & { edad: number }; document: File | null }[] {
  return values.personas
    .map((person, index) => ({
      person: { ...person, edad: ageOn(person.fecha_nacimiento) },
      document: documents[index] ?? null,
    }))
    .filter(({ person }) => person.nombre.trim() !== '');
}
