// What features record through (the module itself is imported by app.module.ts).
export { BidMetrics, type AdmissionRefusal, type BidAction } from './bid-metrics';
export { Metrics } from './metrics';
export { SocketMetrics } from './socket-metrics';
