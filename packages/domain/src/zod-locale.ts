import { z } from 'zod';

// Zod's own messages (wrong types, unknown enum values) in Spanish, for the API and the web alike.
z.config(z.locales.es());
