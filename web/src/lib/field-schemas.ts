/**
 * The shared fields' zod schemas (FIELDS of '@mazad/contracts': limits and the server's Arabic
 * messages), built once with the app's configured zod. Forms take their fields from here instead
 * of writing their own rules. Import it only from modules that validate: it brings zod.
 */
import { fieldSchemas } from '@mazad/contracts';
import { z } from './zod';

export const fields = fieldSchemas(z);
