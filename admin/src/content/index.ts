export { AnnouncementPage } from './AnnouncementPage';
export { SiteContentPage } from './SiteContentPage';
