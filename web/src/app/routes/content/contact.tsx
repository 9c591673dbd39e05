// Imported from its own module (not the feature's index) so each page stays its own lazy chunk.
import { ContactPage } from '@/features/content/components/contact-page';

export default ContactPage;
