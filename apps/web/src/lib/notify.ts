import type { ToastOptions } from 'react-toastify';

/**
 * A notice (SPEC §9 Notifications) sent from outside a screen (the app's handlers, the login form).
 * react-toastify is not part of the first page (docs/decisions/015-light-first-page.md): it loads with the first
 * notice, or with its container just after the first render, and the container shows what was sent before it
 * mounted.
 */
export function notify(kind: 'success' | 'error', text: string, options?: ToastOptions) {
  void import('react-toastify').then(({ toast }) => toast[kind](text, options));
}
