/**
 * The public surface of the blocks feature: what other features may import (besides its module
 * file). See server/.dependency-cruiser.cjs.
 */
export { MemberBlocksService } from './member-blocks.service';
