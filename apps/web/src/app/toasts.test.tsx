import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupUser } from '../test/render';

/** A screen whose dialog reports a failed save with a notice, as the forms in dialogs do. */
function ScreenWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Agregar autorizado</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="titulo">
        <DialogTitle id="titulo">Nuevo autorizado</DialogTitle>
        <DialogContent>
          <Button onClick={() => toast.error('No se pudo guardar el autorizado.')}>Guardar</Button>
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Toasts', () => {
  it('lets assistive technology hear a notice raised while a dialog is open (MUI hides the rest of the page)', async () => {
    const user = setupUser();
    renderWithProviders(<ScreenWithDialog />);
    await user.click(screen.getByRole('button', { name: 'Agregar autorizado' }));
    await screen.findByRole('dialog', { name: 'Nuevo autorizado' });
    // The page behind the dialog is hidden from the accessibility tree, as it should be.
    expect(screen.queryByRole('button', { name: 'Agregar autorizado' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    // By role, so only what is in the accessibility tree: nothing under aria-hidden.
    const notices = await screen.findByRole('region', { name: 'Avisos (Alt+T)' });
    expect(await within(notices).findByRole('alert')).toHaveTextContent('No se pudo guardar el autorizado.');
    expect(within(notices).getByRole('button', { name: 'Cerrar aviso' })).toBeInTheDocument();
  });

  it('gives the page back to assistive technology when the dialog closes, the notices still heard', async () => {
    const user = setupUser();
    renderWithProviders(<ScreenWithDialog />);
    await user.click(screen.getByRole('button', { name: 'Agregar autorizado' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Agregar autorizado' })).toBeInTheDocument();
    const notices = screen.getByRole('region', { name: 'Avisos (Alt+T)' });
    expect(within(notices).getByRole('alert')).toHaveTextContent('No se pudo guardar el autorizado.');
  });
});
