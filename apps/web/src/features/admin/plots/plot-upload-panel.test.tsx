import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockUploads } from '../../../test/fake-xhr';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { PlotUploadPanel } from './plot-upload-panel';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'mapa.png', { type: 'image/png' });
const csv = () => new File(['codigo;disponible\nA01-01-01;3\n'], 'parcelas.csv', { type: 'text/csv' });

function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  mockApi({ 'GET /api/mapas': { body: [] } });
  // The picker's own filter is off, as when a user picks "All files".
  const user = setupUser({ applyAccept: false });
  renderWithProviders(<PlotUploadPanel />);
  return user;
}

const imageInput = () => screen.getByLabelText('Imagen del mapa de parcelas');
const csvInput = () => screen.getByLabelText('Archivo CSV de parcelas');
const submit = () => screen.getByRole('button', { name: 'Subir archivos' });

// The first render of MUI in a worker is slow on a busy machine.
describe('PlotUploadPanel', { timeout: 20_000 }, () => {
  it('asks for both files and sends nothing while one is missing', async () => {
    const user = setUp();
    const sent = mockUploads({});

    await user.click(submit());
    expect(await screen.findByText('Debes subir tanto la imagen como el archivo CSV.')).toBeVisible();

    await user.upload(imageInput(), png());
    expect(screen.getByText('mapa.png')).toBeVisible();
    await user.click(submit());
    expect(screen.getByText('Debes subir tanto la imagen como el archivo CSV.')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('refuses a file that is not an image, and a file that is not a CSV', async () => {
    const user = setUp();

    await user.upload(imageInput(), new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Por favor, selecciona un archivo de imagen válido.')).toBeVisible();
    expect(screen.queryByText('contrato.pdf')).not.toBeInTheDocument();

    await user.upload(csvInput(), new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Por favor, selecciona un archivo CSV válido.')).toBeVisible();
    expect(screen.queryByText('notas.txt')).not.toBeInTheDocument();

    // A CSV some systems label otherwise is still taken by its name.
    await user.upload(csvInput(), new File(['codigo'], 'parcelas.csv', { type: 'application/vnd.ms-excel' }));
    expect(screen.queryByText('Por favor, selecciona un archivo CSV válido.')).not.toBeInTheDocument();
    expect(screen.getByText('parcelas.csv')).toBeVisible();
  });

  it('sends the CSV, then the image, and announces the update', async () => {
    const user = setUp();
    const sent = mockUploads({
      'POST /api/admin/upload-parcelas': {
        body: { mensaje: 'Parcelas actualizadas exitosamente.', procesadas: 1, creadas: 1, actualizadas: 0 },
      },
      'POST /api/upload/inventario': {
        body: { mensaje: 'Imágenes actualizadas exitosamente.', claves: ['parcela'] },
      },
    });

    await user.upload(imageInput(), png());
    await user.upload(csvInput(), csv());
    await user.click(submit());

    expect(await screen.findByText('Parcelas actualizadas exitosamente.')).toBeVisible();
    expect(sent.map((upload) => upload.url)).toEqual([
      '/api/admin/upload-parcelas',
      '/api/upload/inventario',
    ]);
    expect((sent[0]!.form.get('file') as File).name).toBe('parcelas.csv');
    expect((sent[1]!.form.get('parcela') as File).name).toBe('mapa.png');
    expect(sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    // The form is ready for the next upload.
    await waitFor(() => expect(screen.getAllByText('Ningún archivo seleccionado')).toHaveLength(2));
  });

  it('shows the server detail naming the bad line, and does not send the image', async () => {
    const user = setUp();
    const sent = mockUploads({
      'POST /api/admin/upload-parcelas': {
        status: 400,
        body: { detail: 'Línea 3: El código debe tener el formato AXX-XX-XX (ejemplo: A03-26-01).' },
      },
    });

    await user.upload(imageInput(), png());
    await user.upload(csvInput(), csv());
    await user.click(submit());

    const text =
      'Error al actualizar las parcelas. Línea 3: El código debe tener el formato AXX-XX-XX (ejemplo: A03-26-01).';
    // In a notice, and in the panel until the next attempt.
    const panel = screen.getByRole('form', { name: 'Actualizar inventario de parcelas' });
    expect(await within(panel).findByText(text)).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(screen.getByText('mapa.png')).toBeVisible();
  });
});
