/** Public API of the archive feature. */
export { ArchivePage } from './components/archive-page';
export { getMyArchived, getWonArchived } from './api/archived-auctions';
export { useConfirmArchivedDeal } from './api/confirm-archived-deal';
