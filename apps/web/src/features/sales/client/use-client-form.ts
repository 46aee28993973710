import { CLIENT_MESSAGES, EMAIL_PATTERN, MSG } from '@camposanto/domain';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, errorDetail, isUnauthorized } from '../../../api/client';
import type { NewClientFields } from '../../../api/clients/create-client';
import { getClientByCedula } from '../../../api/clients/get-client-by-cedula';
import type { UploadOptions } from '../../../api/upload';
import { useSession } from '../../../lib/session';
import { SALES_MESSAGES } from '../messages';
import {
  clientToForm,
  EMPTY_CLIENT,
  validateClient,
  type ClientField,
  type ClientFormValues,
} from './client-form';

/** idle: not asked yet; found: registered, read-only; new: 404, editable; forbidden: another seller's. */
export type LookupStatus = 'idle' | 'searching' | 'found' | 'new' | 'forbidden' | 'error';

/** Creates the client and answers its id (each form calls its own route, SPEC §7). */
export type CreateClient = (
  fields: NewClientFields,
  document: File | null,
  options: UploadOptions,
) => Promise<number>;

/** The state of DATOS DEL CLIENTE: the fields, the cédula lookup (SPEC §4) and the client's creation. */
export function useClientForm(createClient: CreateClient) {
  const form = useForm<ClientFormValues>({ defaultValues: EMPTY_CLIENT });
  const session = useSession();
  const [status, setStatus] = useState<LookupStatus>('idle');
  const [clientId, setClientId] = useState<number | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const lookedUp = useRef('');
  const lookupCount = useRef(0);
  const creation = useRef<{ cedula: string; id: Promise<number | undefined> } | null>(null);

  function clearDetails(cedula: string) {
    form.reset({ ...EMPTY_CLIENT, cedula });
    setDocument(null);
  }

  async function lookup() {
    const cedula = form.getValues('cedula').trim();
    if (!cedula || cedula === lookedUp.current) return;
    lookedUp.current = cedula;
    const current = ++lookupCount.current;
    const hadSomeoneElse = status === 'found' || status === 'forbidden';
    setStatus('searching');
    try {
      const client = await getClientByCedula(cedula);
      if (current !== lookupCount.current) return;
      form.reset(clientToForm(client));
      lookedUp.current = client.cedula;
      setClientId(client.id);
      setStatus('found');
      toast.success(CLIENT_MESSAGES.registrado);
    } catch (error) {
      if (current !== lookupCount.current) return;
      const httpStatus = error instanceof ApiError ? error.status : undefined;
      if (httpStatus === 404) {
        // What a new client's seller already typed stays; someone else's data does not.
        if (hadSomeoneElse) clearDetails(cedula);
        setStatus('new');
        toast.info(CLIENT_MESSAGES.noExiste);
      } else if (httpStatus === 403) {
        clearDetails(cedula);
        setStatus('forbidden');
        toast.error(errorDetail(error) ?? CLIENT_MESSAGES.deOtroVendedor);
      } else {
        lookedUp.current = '';
        setStatus('error');
        if (!isUnauthorized(error)) toast.error(SALES_MESSAGES.errorBuscarCliente);
      }
    }
  }

  /** A changed cédula is another person: it must be looked up again. */
  function cedulaEdited() {
    if (status === 'idle' || form.getValues('cedula').trim() === lookedUp.current) return;
    lookupCount.current += 1;
    lookedUp.current = '';
    if (status === 'found' || status === 'forbidden') clearDetails(form.getValues('cedula'));
    setClientId(null);
    setStatus('idle');
  }

  /** SPEC §5: the e-mail is checked on blur. */
  function checkEmail() {
    const email = form.getValues('email').trim();
    if (email && !EMAIL_PATTERN.test(email))
      form.setError('email', { type: 'pattern', message: MSG.emailInvalido });
    else form.clearErrors('email');
  }

  /** The client of the request: the found one, or a new one created now. Undefined after a notice. */
  async function resolveClientId(): Promise<number | undefined> {
    if (!session) {
      toast.error(CLIENT_MESSAGES.vendedorNoIdentificado);
      return undefined;
    }
    if (status === 'found' && clientId !== null) return clientId;
    if (status === 'forbidden') {
      toast.error(CLIENT_MESSAGES.deOtroVendedor);
      return undefined;
    }
    if (status !== 'new') {
      if (form.getValues('cedula').trim()) void lookup();
      else {
        form.setError('cedula', { type: 'required' });
        toast.error(CLIENT_MESSAGES.camposObligatorios);
      }
      return undefined;
    }
    const validation = validateClient(form.getValues(), session.userId, document);
    form.clearErrors();
    if (!validation.ok) {
      for (const [field, message] of Object.entries(validation.errors))
        form.setError(field as ClientField, { type: 'validate', message });
      toast.error(validation.message);
      return undefined;
    }
    // A second save while the first is on its way, or before the page has drawn its answer (a double click),
    // gets the same client: the status read above may be that of the render before the creation.
    const { cedula } = validation.fields;
    if (creation.current?.cedula !== cedula) creation.current = { cedula, id: create(validation.fields) };
    return creation.current.id;
  }

  async function create(fields: NewClientFields): Promise<number | undefined> {
    setUploadProgress(0);
    try {
      const id = await createClient(fields, document, { onProgress: setUploadProgress });
      // Registered now: if the request itself fails, a retry must not create the client twice.
      lookedUp.current = fields.cedula;
      form.setValue('cedula', fields.cedula);
      setClientId(id);
      setStatus('found');
      return id;
    } catch (error) {
      creation.current = null;
      if (!isUnauthorized(error))
        toast.error(SALES_MESSAGES.errorRegistrar(errorDetail(error) ?? (error as Error).message));
      return undefined;
    } finally {
      setUploadProgress(null);
    }
  }

  function reset() {
    lookupCount.current += 1;
    lookedUp.current = '';
    creation.current = null;
    form.reset(EMPTY_CLIENT);
    setDocument(null);
    setClientId(null);
    setStatus('idle');
  }

  return {
    form,
    status,
    document,
    setDocument,
    uploadProgress,
    lookup,
    cedulaEdited,
    checkEmail,
    resolveClientId,
    reset,
  };
}

export type ClientFormState = ReturnType<typeof useClientForm>;
