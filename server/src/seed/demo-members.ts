/**
 * The demo members (data only: scripts/start.mjs reads the compiled file to print them).
 * Verified, names marked "(تجريبي)", emails at mazad.demo, one shared password (DEMO_PASSWORD).
 */
export const DEMO_MEMBERS = [
  { key: 'sara', name: 'سارة أحمد (تجريبي)', email: 'sara@mazad.demo', phone: '+962790000001', location: 'عمّان' },
  {
    key: 'khaled',
    name: 'خالد العمري (تجريبي)',
    email: 'khaled@mazad.demo',
    phone: '+962790000002',
    location: 'إربد',
  },
  {
    key: 'layla',
    name: 'ليلى حداد (تجريبي)',
    email: 'layla@mazad.demo',
    phone: '+962790000003',
    location: 'الزرقاء',
  },
  { key: 'omar', name: 'عمر النسور (تجريبي)', email: 'omar@mazad.demo', phone: '+962790000004', location: 'العقبة' },
] as const;

/** Every demo account's email is at this domain (the demo admin of npm start too). */
export const DEMO_EMAIL_DOMAIN = 'mazad.demo';

/** Shown as the members' registration source in the console, so demo accounts stand out. */
export const DEMO_REGISTRATION_SOURCE = 'demo';
