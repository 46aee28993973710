import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { BankSelect } from './bank-select';
import { RepeatedReferenceWarning } from './repeated-reference-warning';

const WARNING = /otro pago ya usó este banco emisor y esta referencia/;
const CHECK = 'GET /api/v1/pagos/referencia-repetida';

/** The two fields as the report dialogs lay them out, with the warning under them. */
function Fields() {
  const [bank, setBank] = useState('');
  const [reference, setReference] = useState('');
  return (
    <>
      <BankSelect value={bank} onChange={setBank} />
      <label>
        Referencia
        <input value={reference} onChange={(event) => setReference(event.target.value)} />
      </label>
      <RepeatedReferenceWarning issuingBank={bank} reference={reference} />
    </>
  );
}

function checksOf(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/v1/pagos/referencia-repetida'));
}

describe('RepeatedReferenceWarning', () => {
  it('asks once both are filled, after typing pauses, and warns when the reference was used', async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    const fetchMock = mockApi({ [CHECK]: { body: { repetida: true } } });
    renderWithProviders(<Fields />);

    await user.type(screen.getByRole('textbox', { name: 'Referencia' }), '000123');
    // No bank yet: nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(checksOf(fetchMock)).toEqual([]);

    await user.selectOptions(screen.getByLabelText(/^Banco Emisor/), 'Banesco');
    const warning = await screen.findByRole('status');
    expect(within(warning).getByText(WARNING)).toBeInTheDocument();
    // One question for the pause, not one per key.
    expect(checksOf(fetchMock)).toEqual([
      '/api/v1/pagos/referencia-repetida?banco_emisor=Banesco&referencia=000123',
    ]);

    // Changing the reference hides the warning until the new one is checked.
    await user.type(screen.getByRole('textbox', { name: 'Referencia' }), '4');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('says nothing when the reference is new or the check fails', async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    let answer = { status: 200, body: { repetida: false } as unknown };
    const fetchMock = mockApi({ [CHECK]: () => answer });
    renderWithProviders(<Fields />);

    await user.selectOptions(screen.getByLabelText(/^Banco Emisor/), 'Banesco');
    await user.type(screen.getByRole('textbox', { name: 'Referencia' }), '555');
    await waitFor(() => expect(checksOf(fetchMock)).toHaveLength(1));
    answer = { status: 500, body: { detail: 'Error interno' } };
    await user.type(screen.getByRole('textbox', { name: 'Referencia' }), '6');
    await waitFor(() => expect(checksOf(fetchMock)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
