// Imported from its own module (not the feature's index) so each page stays its own lazy chunk.
import { AnnouncementPage } from '@/features/content/components/announcement-page';

export default AnnouncementPage;
