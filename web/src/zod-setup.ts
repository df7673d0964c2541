import { z } from 'zod';

// zod compiles parsers with `new Function` unless told not to, and the Content-Security-Policy
// forbids eval. This module is imported first, before any schema is built.
z.config({ jitless: true });
