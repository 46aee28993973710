import { COMPANY_MESSAGES, type CompanySettings } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockUploads } from '../../../test/fake-xhr';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { SettingsPage } from './settings-page';

const COMPANY: CompanySettings = {
  nombre: 'Camposanto Jardín de Paz C.A.',
  rif: 'J-12345678-9',
  direccion: 'Av. Principal, Caracas',
  telefonos: '0212-5551234',
  email: 'info@camposanto.test',
  clausulas: 'PRIMERA: El cliente se obliga a pagar.',
  dias_recordatorio: 3,
  logo: null,
  updated_at: null,
};

const LOGO = {
  id: 'logo-1',
  nombre: 'logo.png',
  tipo: 'image/png',
  tamano: 2048,
  url: '/api/v1/admin/empresa/logo',
};

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function open({
  company = COMPANY,
  getStatus = 200,
}: { company?: CompanySettings; getStatus?: number } = {}) {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const sent: unknown[] = [];
  mockApi({
    'GET /api/v1/admin/empresa': {
      status: getStatus,
      body: getStatus === 200 ? company : { detail: 'Falla' },
    },
    'PUT /api/v1/admin/empresa': (init) => {
      const body = JSON.parse(String(init?.body)) as Partial<CompanySettings>;
      sent.push(body);
      return { body: { ...company, ...body, updated_at: '2026-11-24T15:00:00.000Z' } };
    },
    'GET /api/v1/admin/empresa/logo': { body: 'png', headers: { 'Content-Type': 'image/png' } },
    'DELETE /api/v1/admin/empresa/logo': () => {
      sent.push('DELETE logo');
      return { body: { ...company, logo: null } };
    },
    'GET /api/v1/admin/cuentas-receptoras': { body: [] },
  });
  renderWithProviders(<SettingsPage />);
  return { sent };
}

const section = () => screen.findByRole('region', { name: 'Empresa' });

describe('SettingsPage, Empresa section (issue 14)', () => {
  it("loads the company's letterhead into the form, beside the receiving accounts", async () => {
    open();
    const empresa = await section();
    expect(await within(empresa).findByLabelText(/^Nombre/)).toHaveValue(COMPANY.nombre);
    expect(within(empresa).getByLabelText(/^RIF/)).toHaveValue('J-12345678-9');
    expect(within(empresa).getByLabelText(/^Dirección/)).toHaveValue(COMPANY.direccion);
    expect(within(empresa).getByLabelText(/^Teléfonos/)).toHaveValue(COMPANY.telefonos);
    expect(within(empresa).getByLabelText(/^Correo electrónico/)).toHaveValue(COMPANY.email);
    expect(within(empresa).getByLabelText(/^Cláusulas del contrato/)).toHaveValue(COMPANY.clausulas);
    expect(within(empresa).getByLabelText(/^Días de anticipación del recordatorio/)).toHaveValue(3);
    expect(within(empresa).getByText('La empresa no tiene logo.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cuentas receptoras' })).toBeInTheDocument();
  });

  it('says in Spanish when the letterhead cannot be loaded', async () => {
    open({ getStatus: 500 });
    const empresa = await section();
    expect(await within(empresa).findByRole('alert')).toHaveTextContent(COMPANY_MESSAGES.errorCargarEmpresa);
    expect(within(empresa).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('saves the fields in their written form and confirms it', async () => {
    const user = setupUser();
    const { sent } = open();
    const empresa = await section();
    const rif = await within(empresa).findByLabelText(/^RIF/);
    await user.clear(rif);
    await user.type(rif, 'g 200000001');
    const email = within(empresa).getByLabelText(/^Correo electrónico/);
    await user.clear(email);
    await user.type(email, 'Cobranza@Camposanto.test');
    const days = within(empresa).getByLabelText(/^Días de anticipación del recordatorio/);
    await user.clear(days);
    await user.type(days, '7');
    const clauses = within(empresa).getByLabelText(/^Cláusulas del contrato/);
    await user.type(clauses, '{Enter}{Enter}SEGUNDA: Las cuotas vencen cada mes.');
    await user.click(within(empresa).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(COMPANY_MESSAGES.empresaActualizada)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        nombre: COMPANY.nombre,
        rif: 'G-20000000-1',
        direccion: COMPANY.direccion,
        telefonos: COMPANY.telefonos,
        email: 'cobranza@camposanto.test',
        clausulas: `${COMPANY.clausulas}\n\nSEGUNDA: Las cuotas vencen cada mes.`,
        dias_recordatorio: 7,
      },
    ]);
  });

  it('shows the Spanish message of each wrong field and sends nothing', async () => {
    const user = setupUser();
    const { sent } = open();
    const empresa = await section();
    const name = await within(empresa).findByLabelText(/^Nombre/);
    await user.clear(name);
    const rif = within(empresa).getByLabelText(/^RIF/);
    await user.clear(rif);
    await user.type(rif, '123');
    const days = within(empresa).getByLabelText(/^Días de anticipación del recordatorio/);
    await user.clear(days);
    await user.type(days, '61');
    await user.click(within(empresa).getByRole('button', { name: 'Guardar' }));

    expect(await within(empresa).findByText(COMPANY_MESSAGES.rifEmpresaInvalido)).toBeInTheDocument();
    expect(within(empresa).getByText(COMPANY_MESSAGES.diasRecordatorioRango)).toBeInTheDocument();
    expect(within(empresa).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('uploads a logo and shows it in place of the empty text', async () => {
    const user = setupUser();
    open();
    const uploaded = mockUploads({
      'POST /api/v1/admin/empresa/logo': { body: { ...COMPANY, logo: LOGO } },
    });
    const empresa = await section();
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(await within(empresa).findByLabelText(/^Logo \(PNG o JPEG/), file);

    expect(await screen.findByText(COMPANY_MESSAGES.logoActualizado)).toBeInTheDocument();
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]!.form.get('logo')).toBeInstanceOf(File);
    expect(await within(empresa).findByRole('img', { name: 'Logo de la empresa' })).toHaveAttribute(
      'src',
      'blob:logo',
    );
    expect(within(empresa).getByLabelText(/^Reemplazar logo/)).toBeInTheDocument();
  });

  it('refuses a logo that is not PNG or JPEG, or too big, without sending it', async () => {
    const user = setupUser({ applyAccept: false });
    open();
    const uploaded = mockUploads({});
    const empresa = await section();
    const input = await within(empresa).findByLabelText(/^Logo \(PNG o JPEG/);
    await user.upload(input, new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect(await within(empresa).findByText(COMPANY_MESSAGES.logoTipoInvalido)).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await within(empresa).findByText(COMPANY_MESSAGES.logoDemasiadoGrande)).toBeInTheDocument();
    expect(uploaded).toEqual([]);
  });

  it('removes the logo after a confirmation', async () => {
    const user = setupUser();
    const { sent } = open({ company: { ...COMPANY, logo: LOGO } });
    const empresa = await section();
    expect(await within(empresa).findByRole('img', { name: 'Logo de la empresa' })).toBeInTheDocument();
    await user.click(within(empresa).getByRole('button', { name: 'Eliminar logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar logo' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(COMPANY_MESSAGES.logoEliminado)).toBeInTheDocument();
    expect(sent).toEqual(['DELETE logo']);
    expect(await within(empresa).findByText('La empresa no tiene logo.')).toBeInTheDocument();
  });
});
