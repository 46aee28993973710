import '@tanstack/react-query';

/**
 * What a query tells the app about its own failure: the app's QueryCache shows `errorMessage`
 * as a notice (DESIGN: one place turns errors into notices), unless the session ended (401).
 */
export interface AppQueryMeta extends Record<string, unknown> {
  errorMessage?: string | ((error: Error) => string);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}
