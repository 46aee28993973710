import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockUploads } from '../../../test/fake-xhr';
import { fakeToken, renderWithProviders, setupUser, type TestUser } from '../../../test/render';
import { AddAuthorizedDialog } from './add-authorized-dialog';

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
}

async function fillPerson(user: TestUser, index: number, nombre: string, cedula: string) {
  const group = screen.getByRole('group', { name: `Persona autorizada ${index}` });
  await user.type(within(group).getByLabelText('Nombre'), nombre);
  await user.type(within(group).getByLabelText('Cédula'), cedula);
  await user.type(within(group).getByLabelText('Dirección'), 'Urb. La Florida, Caracas');
  await user.type(await within(group).findByLabelText('Fecha de Nacimiento'), '29/06/1970');
  await user.type(within(group).getByLabelText('Teléfono'), '2127778899');
  await user.type(within(group).getByLabelText('Email'), `${cedula}@correo.test`);
  return group;
}

describe('AddAuthorizedDialog', { timeout: 30_000 }, () => {
  it('offers the places left, and the second person is removable', async () => {
    const user = setupUser();
    signIn();
    renderWithProviders(
      <AddAuthorizedDialog contractId={3} contractNumber="CON-000003" remaining={2} onClose={vi.fn()} />,
    );
    expect(screen.getAllByRole('group')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Quitar Persona autorizada 2' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Agregar otra persona' }));
    expect(screen.getAllByRole('group')).toHaveLength(2);
  });

  it('offers one person when one place is left', () => {
    signIn();
    renderWithProviders(
      <AddAuthorizedDialog contractId={3} contractNumber="CON-000003" remaining={1} onClose={vi.fn()} />,
    );
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Agregar otra persona' })).not.toBeInTheDocument();
  });

  it('refuses a name without cédula and an invalid e-mail, and computes the age', async () => {
    const user = setupUser();
    signIn();
    const sent = mockUploads({});
    renderWithProviders(
      <AddAuthorizedDialog contractId={3} contractNumber="CON-000003" remaining={2} onClose={vi.fn()} />,
    );
    const first = await fillPerson(user, 1, 'José Rodríguez', 'V-12333444');
    expect(within(first).getByLabelText('Edad')).not.toHaveValue('');
    await user.clear(within(first).getByLabelText('Email'));
    await user.type(within(first).getByLabelText('Email'), 'jose@correo');
    const second = screen.getByRole('group', { name: 'Persona autorizada 2' });
    await user.type(within(second).getByLabelText('Nombre'), 'Ana Rodríguez');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(
      await within(second).findByText('Indique nombre y cédula de la persona, o deje ambos vacíos.'),
    ).toBeInTheDocument();
    expect(within(first).getByText('Ingresa un email válido (usuario@dominio.com)')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sends the persons filled in (an empty second slot is left out) and closes on success', async () => {
    const user = setupUser();
    signIn();
    const onClose = vi.fn();
    const sent = mockUploads({ 'POST /api/v1/autorizados': { body: { mensaje: 'ok', autorizados: [] } } });
    renderWithProviders(
      <AddAuthorizedDialog contractId={3} contractNumber="CON-000003" remaining={2} onClose={onClose} />,
    );
    const first = await fillPerson(user, 1, 'José Rodríguez', 'V-12333444');
    await user.upload(
      within(first).getByLabelText('Documento de identidad de la persona 1 (imagen, opcional)'),
      new File(['png'], 'cedula.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Personas autorizadas registradas con éxito')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const form = sent[0]!.form;
    expect(form.get('contrato_id')).toBe('3');
    expect(form.get('vendedor_id')).toBe('7');
    const persons = JSON.parse(String(form.get('autorizados_str'))) as Record<string, unknown>[];
    expect(persons).toHaveLength(1);
    expect(persons[0]).toMatchObject({
      nombre: 'José Rodríguez',
      cedula: 'V-12333444',
      fecha_nacimiento: '1970-06-29',
      nombre_documento: 'cedula.png',
    });
    expect(form.get('documento_identidad_0')).toBeInstanceOf(File);
  });

  it('shows “Error al registrar: {detail}” when the server refuses', async () => {
    const user = setupUser();
    signIn();
    mockUploads({
      'POST /api/v1/autorizados': {
        status: 409,
        body: { detail: 'No se pueden registrar más de 2 personas autorizadas por contrato.' },
      },
    });
    renderWithProviders(
      <AddAuthorizedDialog contractId={3} contractNumber="CON-000003" remaining={1} onClose={vi.fn()} />,
    );
    await fillPerson(user, 1, 'José Rodríguez', 'V-12333444');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Error al registrar: No se pueden registrar más de 2 personas autorizadas por contrato.',
      ),
    ).toBeInTheDocument();
  });
});
