/** @deprecated Moved to '@/testing/auction-fixtures' (features must not import each other's internals). */
export { makeAuction, makeBid, makeList } from '@/testing/auction-fixtures';
