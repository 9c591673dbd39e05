export { BidMetrics, type BidAction } from './bid-metrics';
export { Metrics } from './metrics';
export { MetricsModule } from './metrics.module';
export { QueueMetrics } from './queue-metrics';
export { SocketMetrics } from './socket-metrics';
