import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';

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

/** SPEC §9 Notifications. */
export function Toasts() {
  return (
    <>
      <GlobalStyles styles={toastStyles} />
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
      />
    </>
  );
}
