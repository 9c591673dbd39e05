// Imported from its own module (not the feature's index) so each page stays its own lazy chunk.
import { AboutPage } from '@/features/content/components/about-page';

export default AboutPage;
