import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractPdf, quotePdf, receiptPdf } from '../api/pdf/download-pdf';
import { PDF_MESSAGES } from '../api/pdf/pdf-messages';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../test/render';
import { ContractPdfButtons, PdfDownloadButton } from './pdf-download-button';

const PDF = '%PDF-1.7 contrato';
let saved: Array<{ href: string; download: string }>;

beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  // jsdom does not navigate: the link the helper clicks is recorded instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function signIn() {
  const token = fakeToken({ rol: 'vendedor' });
  localStorage.setItem('access_token', token);
  return token;
}

describe('PdfDownloadButton (issue 14)', () => {
  it("fetches the contract with the session's token and saves it under the server's file name", async () => {
    const user = setupUser();
    const token = signIn();
    const fetchMock = mockApi({
      'GET /api/v1/pdf/contrato/42': {
        body: PDF,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="contrato.pdf"; filename*=UTF-8''contrato-CTR-0042-Jos%C3%A9.pdf`,
        },
      },
    });
    renderWithProviders(<ContractPdfButtons contractId={42} number="CTR-0042" />);
    await user.click(screen.getByRole('button', { name: 'Descargar contrato CTR-0042 (PDF)' }));

    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:pdf', download: 'contrato-CTR-0042-José.pdf' }]),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/pdf/contrato/42');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(screen.getByRole('button', { name: 'Descargar contrato CTR-0042 (PDF)' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('shows a spinner while the file comes and names it itself when the server gives no name', async () => {
    const user = setupUser();
    signIn();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    renderWithProviders(<PdfDownloadButton label="Descargar recibo (PDF)" source={receiptPdf(7)} />);
    const button = screen.getByRole('button', { name: 'Descargar recibo (PDF)' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    release();
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:pdf', download: 'recibo-7.pdf' }]));
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('says in Spanish that the user may not download it on a 403, and saves nothing', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/pdf/estado-cuenta/9': {
        status: 403,
        body: { detail: 'No tiene permisos para realizar esta acción.' },
      },
    });
    renderWithProviders(<ContractPdfButtons contractId={9} number="CTR-0009" />);
    await user.click(screen.getByRole('button', { name: 'Descargar estado de cuenta de CTR-0009 (PDF)' }));
    expect(await screen.findByText(PDF_MESSAGES.sinPermiso)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("gives the server's reason on a 404 and a generic Spanish notice on a 500", async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/pdf/contrato/5': { status: 404, body: { detail: 'Contrato no encontrado.' } },
      'GET /api/v1/pdf/recibo/5': { status: 500, body: { detail: 'Error interno del servidor.' } },
    });
    renderWithProviders(
      <>
        <PdfDownloadButton label="Descargar contrato (PDF)" source={contractPdf(5)} />
        <PdfDownloadButton label="Descargar recibo (PDF)" source={receiptPdf(5)} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Descargar contrato (PDF)' }));
    expect(await screen.findByText('Contrato no encontrado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar recibo (PDF)' }));
    expect(await screen.findByText(PDF_MESSAGES.errorDescarga)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("posts the form's body for a quote, read when the button is pressed", async () => {
    const user = setupUser();
    signIn();
    const bodies: unknown[] = [];
    mockApi({
      'POST /api/v1/pdf/presupuesto': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          body: PDF,
          headers: { 'Content-Disposition': 'attachment; filename="presupuesto-20261124.pdf"' },
        };
      },
    });
    const body = {
      tipo_servicio: 'parcelas',
      modalidadPago: 'De Contado' as const,
      detalles: [],
    };
    renderWithProviders(
      <PdfDownloadButton
        variant="button"
        label="Descargar presupuesto (PDF)"
        source={() => quotePdf(body)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Descargar presupuesto (PDF)' }));
    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:pdf', download: 'presupuesto-20261124.pdf' }]),
    );
    expect(bodies).toEqual([body]);
  });

  it('stays disabled with its reason while there is nothing to quote', () => {
    renderWithProviders(
      <PdfDownloadButton
        variant="button"
        label="Descargar presupuesto (PDF)"
        source={() => quotePdf({ tipo_servicio: 'parcelas', modalidadPago: 'De Contado', detalles: [] })}
        disabled
        disabledReason="Agregue al menos un ítem al resumen para descargar el presupuesto."
      />,
    );
    const button = screen.getByRole('button', { name: 'Descargar presupuesto (PDF)' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Agregue al menos un ítem al resumen para descargar el presupuesto.',
    );
  });
});
