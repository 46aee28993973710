import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NewClientFields } from '../../../api/clients/create-client';
import { fakeToken, mockApi, renderWithProviders, setupUser, type TestUser } from '../../../test/render';
import { ClientSection } from './client-section';
import { useClientForm } from './use-client-form';

const luis = {
  id: 41,
  vendedor_id: 7,
  nombre: 'Luis Registrado',
  cedula: 'V-12345678',
  fecha_nacimiento: '1975-08-20',
  edad: 49,
  telefono: '2125551234',
  celular: null,
  email: 'luis@correo.test',
  direccion: 'Sabana Grande, Caracas',
  nombre_documento: null,
  tiene_documento: false,
};

function Harness({
  create,
  onResolved,
}: {
  create: (fields: NewClientFields) => void | Promise<void>;
  onResolved: (id?: number) => void;
}) {
  const state = useClientForm(async (fields) => {
    await create(fields);
    return 99;
  });
  return (
    <>
      <ClientSection state={state} />
      <button type="button" onClick={() => void state.resolveClientId().then(onResolved)}>
        Resolver
      </button>
    </>
  );
}

function renderSection({ signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  const create = vi.fn();
  const onResolved = vi.fn();
  renderWithProviders(<Harness create={create} onResolved={onResolved} />);
  return { create, onResolved, user: setupUser() };
}

async function search(user: TestUser, cedula: string) {
  await user.type(screen.getByLabelText(/^Cédula/), `${cedula}{Enter}`);
}

// Typing a whole client in jsdom (and the first render, which loads MUI) takes more than the default five
// seconds on a busy machine.
describe('ClientSection lookup by cédula', { timeout: 20_000 }, () => {
  it('prefills a registered client read-only and attaches the request to it', async () => {
    mockApi({ 'GET /api/v1/clientes/V-12345678': { body: luis } });
    const { create, onResolved, user } = renderSection();

    await search(user, 'V-12345678');

    expect(
      await screen.findByText('El cliente ya está registrado. Se asociará el contrato.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Luis Registrado');
    expect(screen.getByLabelText(/^Nombre/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('luis@correo.test');
    expect(screen.getByLabelText(/^Edad/)).not.toHaveValue('');
    expect(screen.queryByText('Documento de Identidad (imagen)')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(onResolved).toHaveBeenCalledWith(41);
    expect(create).not.toHaveBeenCalled();
  });

  // A whole form typed key by key, the date picker's included: slow in jsdom on a busy machine.
  it('opens the fields of a new client, checks them and creates the client on save', async () => {
    mockApi({
      'GET /api/v1/clientes/v-30111222': { status: 404, body: { detail: 'El Cliente no existe.' } },
    });
    const { create, onResolved, user } = renderSection();

    await search(user, 'v-30111222');
    expect(
      await screen.findByText('El Cliente no existe. Se creará el cliente para esta solicitud.'),
    ).toBeInTheDocument();
    const nombre = screen.getByLabelText(/^Nombre/);
    expect(nombre).not.toHaveAttribute('readonly');

    await user.type(nombre, 'Carmen Rodríguez');
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(
      await screen.findByText('Por favor, complete todos los campos obligatorios del cliente.'),
    ).toBeInTheDocument();
    expect(onResolved).toHaveBeenLastCalledWith(undefined);

    await user.type(screen.getByLabelText(/^Email/), 'carmen@correo');
    await user.tab();
    expect(screen.getByText('Ingresa un email válido (usuario@dominio.com)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'Carmen@Correo.test');
    await user.tab();
    expect(screen.queryByText('Ingresa un email válido (usuario@dominio.com)')).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Fecha de Nacimiento/), '17/05/1980');
    await user.type(screen.getByLabelText(/^Teléfono/), '2125559876');
    await user.type(screen.getByLabelText(/^Dirección/), 'Urb. El Paraíso');

    // Saved twice before the server answers (a double click): one client, and both saves get it.
    let answer = () => {};
    create.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    answer();
    await waitFor(() => expect(onResolved.mock.calls.filter(([id]) => id === 99)).toHaveLength(2));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        vendedor_id: '7',
        nombre: 'Carmen Rodríguez',
        cedula: 'V-30111222',
        email: 'carmen@correo.test',
        telefono: '2125559876',
        fecha_nacimiento: '1980-05-17',
      }),
    );
    // Created: the cédula shows as registered and a second save does not create it again.
    expect(screen.getByLabelText(/^Cédula/)).toHaveValue('V-30111222');
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(create).toHaveBeenCalledTimes(1);
  }, 40_000);

  it('refuses an 11-digit teléfono and a 12-digit celular with a message, never cutting them (issue 15)', async () => {
    mockApi({ 'GET /api/v1/clientes/V-1': { status: 404, body: { detail: 'El Cliente no existe.' } } });
    const { create, onResolved, user } = renderSection();

    await search(user, 'V-1');
    await screen.findByText('El Cliente no existe. Se creará el cliente para esta solicitud.');
    await user.type(screen.getByLabelText(/^Teléfono/), '21255598760');
    await user.type(screen.getByLabelText(/^Celular/), '041412345678');
    expect(screen.getByLabelText(/^Teléfono/)).toHaveValue('21255598760');
    expect(screen.getByLabelText(/^Celular/)).toHaveValue('041412345678');
    await user.click(screen.getByRole('button', { name: 'Resolver' }));

    expect(onResolved).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByLabelText(/^Teléfono/)).toHaveAccessibleDescription(
      'El teléfono debe tener como máximo 10 dígitos.',
    );
    expect(screen.getByLabelText(/^Celular/)).toHaveAccessibleDescription(
      'El celular debe tener como máximo 11 dígitos.',
    );
    expect(create).not.toHaveBeenCalled();
  });

  it('takes only an image as the identity document, and shows its name and preview', async () => {
    // jsdom has no object URLs; the preview only needs one.
    URL.createObjectURL = vi.fn(() => 'blob:vista-previa');
    URL.revokeObjectURL = vi.fn();
    mockApi({ 'GET /api/v1/clientes/V-7': { status: 404, body: { detail: 'El Cliente no existe.' } } });
    renderSection();
    const user = setupUser({ applyAccept: false });
    await search(user, 'V-7');
    const input = await screen.findByLabelText('Documento de Identidad (imagen)', { selector: 'input' });

    await user.upload(input, new File(['%PDF-1.4'], 'cedula.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('El documento de identidad debe ser una imagen.')).toBeInTheDocument();

    await user.upload(input, new File(['png'], 'cedula.png', { type: 'image/png' }));
    expect(screen.getByText('cedula.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vista previa de cedula.png' })).toHaveAttribute(
      'src',
      'blob:vista-previa',
    );
  });

  it("shows the server's detail for another seller's client and keeps its data out", async () => {
    mockApi({
      'GET /api/v1/clientes/V-99887766': {
        status: 403,
        body: { detail: 'Cliente de otro vendedor (detalle).' },
      },
    });
    const { onResolved, user } = renderSection();

    await search(user, 'V-99887766');
    expect(await screen.findByText('Cliente de otro vendedor (detalle).')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('');
    expect(screen.getByLabelText(/^Nombre/)).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(
      await screen.findByText(
        'Este cliente se encuentra asociado a otro vendedor. Por favor comuníquese con administración.',
      ),
    ).toBeInTheDocument();
    expect(onResolved).toHaveBeenCalledWith(undefined);
  });

  it('uses the default 403 text when the server sends no detail', async () => {
    mockApi({ 'GET /api/v1/clientes/V-1': { status: 403, body: {} } });
    const { user } = renderSection();
    await search(user, 'V-1');
    expect(
      await screen.findByText(
        'Este cliente se encuentra asociado a otro vendedor. Por favor comuníquese con administración.',
      ),
    ).toBeInTheDocument();
  });

  it('says Error al buscar cliente. when the lookup fails otherwise', async () => {
    mockApi({ 'GET /api/v1/clientes/V-2': { status: 500, body: { detail: 'Ocurrió un error interno.' } } });
    const { user } = renderSection();
    await search(user, 'V-2');
    expect(await screen.findByText('Error al buscar cliente.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toBeDisabled();
  });

  it('asks to sign in again when no seller can be identified', async () => {
    mockApi({});
    const { onResolved, user } = renderSection({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(
      await screen.findByText('No se pudo identificar al vendedor. Por favor, inicia sesión nuevamente.'),
    ).toBeInTheDocument();
    expect(onResolved).toHaveBeenCalledWith(undefined);
  });
});
