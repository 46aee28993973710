import { config } from 'zod/v4/core';

// The CSP's script-src 'self' refuses eval. Zod 4 probes `new Function` to compile fast object parsers, and the
// refused probe is logged as a CSP issue (Lighthouse best practices, issue 15). Without JIT zod interprets its
// schemas, which is plenty for a form. Imported first by main.tsx, before any schema is built.
config({ jitless: true });
