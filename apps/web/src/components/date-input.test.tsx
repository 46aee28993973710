import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupUser } from '../test/render';
import { DateInput, preloadDateInput, type DateInputProps } from './date-input';

function Field({ initial = '', onChange, ...props }: Partial<DateInputProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        label="Fecha de Nacimiento"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output aria-label="Valor">{value}</output>
    </>
  );
}

const valueShown = () => screen.getByRole('status', { name: 'Valor' }).textContent;

describe('DateInput', () => {
  beforeAll(async () => {
    await preloadDateInput();
  });

  it('shows an empty field as dd/mm/aaaa, tied to its label', async () => {
    const user = setupUser();
    renderWithProviders(<Field />);
    const input = await screen.findByLabelText('Fecha de Nacimiento');
    expect(input.tagName).toBe('INPUT');
    await user.click(input);
    expect(input).toHaveValue('dd/mm/aaaa');
  });

  it('turns 05/03/1990 typed by the user into the ISO day 1990-03-05', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const input = await screen.findByLabelText('Fecha de Nacimiento');
    await user.click(input);
    await user.keyboard('05/03/1990');
    expect(input).toHaveValue('05/03/1990');
    expect(valueShown()).toBe('1990-03-05');
    // Incomplete days are not passed on: the form only ever sees '' or a whole day.
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['1990-03-05']);
  });

  it('shows an ISO value as dd/mm/aaaa and empties it to an empty string', async () => {
    const user = setupUser();
    renderWithProviders(<Field initial="2026-11-24" />);
    const input = await screen.findByLabelText('Fecha de Nacimiento');
    expect(input).toHaveValue('24/11/2026');
    await user.clear(input);
    expect(valueShown()).toBe('');
  });

  it('shows a day the form sets itself, and an empty field for a value it cannot read', async () => {
    const user = setupUser();
    function ResetByForm() {
      const [value, setValue] = useState('2026-02-30');
      return (
        <>
          <DateInput label="Desde" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2026-01-15')}>
            Poner 15 de enero
          </button>
        </>
      );
    }
    renderWithProviders(<ResetByForm />);
    const input = await screen.findByLabelText('Desde');
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Poner 15 de enero' }));
    expect(input).toHaveValue('15/01/2026');
  });

  // A whole month of buttons in jsdom: seconds on a busy machine.
  it('opens a Spanish calendar whose weeks start on Monday', async () => {
    const user = setupUser();
    renderWithProviders(<Field initial="1990-03-05" />);
    await user.click(await screen.findByRole('button', { name: 'Abrir calendario' }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('marzo 1990')).toBeInTheDocument();
    const weekdays = within(calendar)
      .getAllByRole('columnheader')
      .map((header) => header.getAttribute('aria-label'));
    expect(weekdays).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
    expect(within(calendar).getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    await user.click(within(calendar).getByRole('gridcell', { name: '14' }));
    expect(valueShown()).toBe('1990-03-14');
  }, 60_000);

  it('says in Spanish when the day is after the latest allowed', async () => {
    const user = setupUser();
    renderWithProviders(<Field max="2026-01-31" />);
    const input = await screen.findByLabelText('Fecha de Nacimiento');
    await user.click(input);
    await user.keyboard('01022026');
    expect(await screen.findByText('La fecha no puede ser posterior al 31/01/2026.')).toBeInTheDocument();
  });
});
