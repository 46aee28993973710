import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { ClientRequestsTable } from './client-requests-table';

describe('ClientRequestsTable', () => {
  it("shows each request's expiry date, and none for a contract (issue 15)", () => {
    renderWithProviders(
      <ClientRequestsTable
        label="Solicitudes de Carlos Cliente"
        emptyText="—"
        requests={[
          makeRequestDto({ id: 2, numero_contrato: null, estado: 'solicitud' }),
          makeRequestDto({ id: 3 }),
        ]}
      />,
    );

    expect(screen.getByRole('columnheader', { name: 'Vence' })).toBeInTheDocument();
    const request = screen.getByRole('row', { name: /CRE000002/ });
    expect(within(request).getByText('06/05/2024')).toBeInTheDocument();
    const contract = screen.getByRole('row', { name: /CON-000003/ });
    expect(within(contract).queryByText('06/05/2024')).not.toBeInTheDocument();
  });
});
