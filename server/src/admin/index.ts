/**
 * The public surface of the admin feature: what other features may import (besides its
 * module file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export { AdminOnly } from './admin-only.decorator';
