import { AnnouncementPage } from '@/features/content';

export default AnnouncementPage;
