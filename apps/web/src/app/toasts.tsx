import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';

// SPEC §9: the body font is Abel; notices use it too. The coloured notices' own greens, ambers and reds read
// below 4.5:1 under white text (axe color-contrast); these are the theme's darker tones of the same hues.
const toastStyles = {
  ':root': {
    '--toastify-font-family': 'Abel, sans-serif',
    '--toastify-color-success': '#2E7D32',
    '--toastify-color-warning': '#B45309',
    '--toastify-color-error': '#C62828',
    '--toastify-color-info': '#0A4575',
  },
};

/**
 * Where the notices live: beside the app's root, not in it, and never hidden from assistive technology. An open
 * MUI dialog sets `aria-hidden` on every other child of the body, this one too, so a notice raised from a dialog
 * (a failed save) would be shown but not heard (docs/decisions/049-notices-heard-over-dialogs.md).
 */
function useNoticesHost() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    document.body.append(host);
    const observer = new MutationObserver(() => host.removeAttribute('aria-hidden'));
    observer.observe(host, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [host]);
  return host;
}

/** react-toastify's own button is labelled in English ('close'). */
function CloseNotice({ closeToast }: CloseButtonProps) {
  return (
    <IconButton
      aria-label="Cerrar aviso"
      color="inherit"
      size="small"
      onClick={closeToast}
      sx={{ alignSelf: 'flex-start' }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** SPEC §9 Notifications. */
export function Toasts() {
  const host = useNoticesHost();
  return (
    <>
      <GlobalStyles styles={toastStyles} />
      {createPortal(
        <ToastContainer
          position="bottom-right"
          autoClose={5000}
          hideProgressBar={false}
          newestOnTop={false}
          closeOnClick={false}
          pauseOnHover
          pauseOnFocusLoss
          draggable
          theme="colored"
          aria-label="Avisos (Alt+T)"
          closeButton={CloseNotice}
        />,
        host,
      )}
    </>
  );
}
