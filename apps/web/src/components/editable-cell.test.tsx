import { priceInput, updatePlanSchema } from '@camposanto/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupUser, type TestUser } from '../test/render';
import { EditableCell, parseWith } from './editable-cell';

function renderPriceCell(onSave = vi.fn(async () => undefined), value: number | null = 900) {
  renderWithProviders(
    <EditableCell<number | null>
      value={value}
      label="De Contado de Cremación Básica"
      display={value === null ? '—' : value.toFixed(2)}
      parse={parseWith(priceInput)}
      onSave={onSave}
      inputMode="decimal"
    />,
  );
  return onSave;
}

const openCell = async (user: TestUser) => {
  await user.click(screen.getByRole('button', { name: 'Editar De Contado de Cremación Básica' }));
  return screen.getByRole('textbox', { name: 'De Contado de Cremación Básica' });
};

// The first render of MUI in a worker is slow on a busy machine.
describe('EditableCell', { timeout: 20_000 }, () => {
  it('opens on click with the current value and saves the parsed number on Enter', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    const input = await openCell(user);
    expect(input).toHaveValue('900');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '1250,5{Enter}');

    expect(onSave).toHaveBeenCalledExactlyOnceWith(1250.5);
    expect(
      await screen.findByRole('button', { name: 'Editar De Contado de Cremación Básica' }),
    ).toBeVisible();
  });

  it('saves an emptied number as null', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    const input = await openCell(user);
    await user.clear(input);
    await user.keyboard('{Enter}');

    expect(onSave).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('saves on blur, once', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    const input = await openCell(user);
    await user.clear(input);
    await user.type(input, '1000');
    await user.tab();

    expect(onSave).toHaveBeenCalledExactlyOnceWith(1000);
  });

  it('cancels on Escape: nothing is saved and the old value is shown', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    const input = await openCell(user);
    await user.clear(input);
    await user.type(input, '5{Escape}');

    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar De Contado de Cremación Básica' })).toHaveTextContent(
      '900.00',
    );
  });

  it('does not send an unchanged value', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    await openCell(user);
    await user.keyboard('{Enter}');

    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('refuses what the domain refuses, without calling the server', async () => {
    const user = setupUser();
    const onSave = renderPriceCell();

    const input = await openCell(user);
    await user.clear(input);
    await user.type(input, '-5{Enter}');

    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('El precio no puede ser negativo.')).toBeVisible();
    expect(input).toHaveValue('-5');
  });

  it('keeps the typed value and shows the server message when the save fails', async () => {
    const user = setupUser();
    const onSave = renderPriceCell(vi.fn(async () => Promise.reject(new Error('Plan no encontrado.'))));

    const input = await openCell(user);
    await user.clear(input);
    await user.type(input, '1100{Enter}');

    expect(await screen.findByText('Plan no encontrado.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'De Contado de Cremación Básica' })).toHaveValue('1100');
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('edits text with the field rule of the domain (trimmed, required)', async () => {
    const user = setupUser();
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(
      <EditableCell<string | undefined>
        value="Cremación Básica"
        label="Descripción de Cremación Básica"
        parse={parseWith(updatePlanSchema.shape.descripcion)}
        onSave={onSave}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Editar Descripción de Cremación Básica' }));
    const input = screen.getByRole('textbox', { name: 'Descripción de Cremación Básica' });
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Este campo es obligatorio.')).toBeVisible();

    await user.type(input, '  Cremación Plus  {Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Cremación Plus');
  });
});
