/**
 * Shared field rules (rules.ts: limits and Arabic messages), their checks (checks.ts) and the web's
 * zod schemas built from them (zod.ts). See rules.ts for how each side uses them.
 */
export * from './checks';
export * from './rules';
export * from './zod';
