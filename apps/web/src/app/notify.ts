import type { ToastOptions } from 'react-toastify';

/**
 * An error notice (SPEC §9 Notifications) from the app's own handlers. react-toastify is not part of the first
 * page (docs/decisions/015-light-first-page.md): it loads with the first notice, or with its container just after
 * the first render, and the container shows what was sent before it mounted.
 */
export function notifyError(text: string, options?: ToastOptions) {
  void import('react-toastify').then(({ toast }) => toast.error(text, options));
}
