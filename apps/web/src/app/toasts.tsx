import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';

// SPEC §9: the body font is Abel; notices use it too.
const toastFont = { ':root': { '--toastify-font-family': 'Abel, sans-serif' } };

/** SPEC §9 Notifications. */
export function Toasts() {
  return (
    <>
      <GlobalStyles styles={toastFont} />
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
