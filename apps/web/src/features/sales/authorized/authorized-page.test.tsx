import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { AuthorizedPage } from './authorized-page';

describe('AuthorizedPage', () => {
  it('says why Agregar Autorizados is disabled on a contract with two persons (issue 15)', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    const full = { ...makeRequestDto({ id: 5 }), autorizados: [], total_autorizados: 2 };
    const open = { ...makeRequestDto({ id: 6 }), autorizados: [], total_autorizados: 1 };
    mockApi({
      'GET /api/v1/autorizados/contratos': { body: { items: [full, open], total: 2, page: 1, per_page: 10 } },
    });
    renderWithProviders(<AuthorizedPage />);

    const fullRow = await screen.findByRole('row', { name: /CON-000005/ });
    const add = within(fullRow).getByRole('button', { name: 'Agregar Autorizados' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'No se pueden registrar más de 2 personas autorizadas por contrato.',
    );
    const openRow = screen.getByRole('row', { name: /CON-000006/ });
    expect(within(openRow).getByRole('button', { name: 'Agregar Autorizados' })).toBeEnabled();
  });
});
