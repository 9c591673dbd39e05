/**
 * Selling: the create and edit auction screens (imported by the routes) and what other
 * features need to send a member to the create form with an old auction's fields.
 */
export { relistState, type RelistSource, type RelistState } from './lib/relist';
