/** Public API of the archive feature. */
export { ArchivePage } from './components/archive-page';
export { archiveKeys } from './api/archive';
