/** Shapes of the public API, one file per area. Ids are UUID strings as `_id` and `id`. */
export * from './common';
export * from './users';
export * from './auth';
export * from './auctions';
export * from './watchlist';
export * from './notifications';
export * from './push';
export * from './bids';
export * from './deals';
export * from './ratings';
export * from './messages';
export * from './archive';
export * from './content';
export * from './admin';
export * from './settings';
export * from './system';
export * from './contact';
