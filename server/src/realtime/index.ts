/**
 * The public surface of the realtime feature: what other features may import (besides its
 * module file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export { RealtimePublisher } from './realtime.publisher';
export { SocketEventGate } from './socket-event-gate';
export type { SocketData } from './realtime.gateway';
