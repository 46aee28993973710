import { ToastContainer } from 'react-toastify';

/** SPEC §9 Notifications. */
export function Toasts() {
  return (
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
  );
}
