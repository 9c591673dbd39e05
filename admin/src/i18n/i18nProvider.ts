import polyglotI18nProvider from 'ra-i18n-polyglot';
import arabicMessages from './ar';

/** Arabic only: the console has a single language. */
export const i18nProvider = polyglotI18nProvider(() => arabicMessages, 'ar', [{ locale: 'ar', name: 'العربية' }], {
  allowMissing: true,
});
