import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockUploads } from '../../../test/fake-xhr';
import { fakeToken, mockApi, renderWithProviders, setupUser, type TestUser } from '../../../test/render';
import { UploadClientDocumentPage } from './upload-client-document-page';

const carmen = {
  id: 4,
  vendedor_id: 7,
  nombre: 'Carmen Rodríguez',
  cedula: 'V-14555666',
  fecha_nacimiento: '1968-11-04',
  edad: 56,
  telefono: '2125551234',
  celular: '04141234567',
  email: 'carmen@correo.test',
  direccion: 'Calle Real de Sabana Grande, Caracas',
  nombre_documento: null,
  tiene_documento: false,
};

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
}

async function search(user: TestUser, cedula: string) {
  await user.clear(screen.getByLabelText('Cédula del cliente'));
  if (cedula) await user.type(screen.getByLabelText('Cédula del cliente'), cedula);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
}

describe('UploadClientDocumentPage', { timeout: 30_000 }, () => {
  it('asks for the cédula, and for a client and a document before saving (SPEC §5)', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({});
    renderWithProviders(<UploadClientDocumentPage />);

    await search(user, '');
    expect(await screen.findByText('Por favor, ingrese la cédula del cliente.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Por favor, seleccione un cliente y un documento.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s text when the client belongs to another seller (403)', async () => {
    const user = setupUser();
    signIn();
    const detail =
      'Este cliente se encuentra asociado a otro vendedor. Por favor comuníquese con administración.';
    mockApi({ 'GET /api/v1/clientes/V-1': { status: 403, body: { detail } } });
    renderWithProviders(<UploadClientDocumentPage />);

    await search(user, 'v-1');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Datos del cliente' })).not.toBeInTheDocument();
  });

  it('shows the client with “No subido”, uploads a PDF and then shows DOCUMENTO SUBIDO', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/clientes/V-14555666': { body: carmen },
      'GET /api/v1/clientes/V-14555666/documento': { body: {} },
    });
    const sent = mockUploads({
      'POST /api/clientes/V-14555666/upload-documento/': {
        body: { ...carmen, nombre_documento: 'cedula.pdf', tiene_documento: true, mensaje: 'ok' },
      },
    });
    renderWithProviders(<UploadClientDocumentPage />);

    await search(user, 'V-14555666');
    const details = await screen.findByRole('region', { name: 'Datos del cliente' });
    expect(within(details).getByText('No subido')).toBeInTheDocument();
    expect(within(details).getByText('Calle Real de Sabana Grande, Caracas')).toBeInTheDocument();

    const pdf = new File(['%PDF-1.4'], 'cedula.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Documento de identidad (imagen o PDF)'), pdf);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Documento subido con éxito.')).toBeInTheDocument();
    expect(await within(details).findByText('DOCUMENTO SUBIDO')).toBeInTheDocument();
    expect(within(details).getByText('cedula.pdf')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.get('nombre_documento')).toBe('cedula.pdf');
    expect(sent[0]!.form.get('documento_identidad')).toBeInstanceOf(File);
  });

  it('shows “Error al subir el documento: {detail}” when the server refuses the file', async () => {
    const user = setupUser();
    signIn();
    mockApi({ 'GET /api/v1/clientes/V-14555666': { body: carmen } });
    mockUploads({
      'POST /api/clientes/V-14555666/upload-documento/': {
        status: 415,
        body: { detail: 'El documento debe ser una imagen o un PDF.' },
      },
    });
    renderWithProviders(<UploadClientDocumentPage />);

    await search(user, 'V-14555666');
    await screen.findByRole('region', { name: 'Datos del cliente' });
    await user.upload(
      screen.getByLabelText('Documento de identidad (imagen o PDF)'),
      new File(['texto'], 'cedula.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Error al subir el documento: El documento debe ser una imagen o un PDF.'),
    ).toBeInTheDocument();
  });
});
