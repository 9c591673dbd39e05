import { AboutPage } from '@/features/content';

export default AboutPage;
