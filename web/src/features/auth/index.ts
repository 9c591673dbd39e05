/** The auth feature's public API for other features. The app shell imports the screens and the session provider directly. */
export { useSession } from './hooks/use-session';
