/** The auth feature's public API for other features. The screens are imported by the routes. */
export { SessionProvider, type Session } from './session-provider';
export { useSession } from './hooks/use-session';
