/** Content and static pages: the announcement, about, contact and the legal pages. */
export { AboutPage } from './components/about-page';
export { AnnouncementPage } from './components/announcement-page';
export { ContactPage } from './components/contact-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { TermsOfServicePage } from './components/terms-of-service-page';
