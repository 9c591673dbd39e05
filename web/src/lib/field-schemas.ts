/**
 * The shared fields' zod schemas (FIELDS of '@mazad/contracts': limits and the server's Arabic
 * messages), built once with the app's configured zod. Forms take their fields from here instead
 * of writing their own rules. Import it only from modules that validate: it brings zod.
 */
import { fieldSchemas } from '@mazad/contracts';
import { z } from './zod';

// Only the builders it uses: the whole `z` namespace passed as a value would keep all of zod
// (every locale) in the bundle.
export const fields = fieldSchemas({ email: z.email, number: z.number, preprocess: z.preprocess, string: z.string });
