import { ContactPage } from '@/features/content';

export default ContactPage;
