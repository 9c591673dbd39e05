import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BidMetrics } from './bid-metrics';
import { DbPoolMetrics } from './db-pool-metrics';
import { HttpMetrics } from './http-metrics';
import { Metrics } from './metrics';
import { MetricsEndpoint } from './metrics-endpoint';
import { QueueMetrics } from './queue-metrics';
import { RedisMetrics } from './redis-metrics';
import { SocketMetrics } from './socket-metrics';

/**
 * Prometheus metrics of this process (docs/observability.md): one registry (Metrics), served
 * on METRICS_PORT by MetricsEndpoint. Global: the bid path, the realtime gateway and the job
 * workers record through BidMetrics, SocketMetrics and QueueMetrics.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    Metrics,
    MetricsEndpoint,
    HttpMetrics,
    BidMetrics,
    SocketMetrics,
    QueueMetrics,
    DbPoolMetrics,
    RedisMetrics,
  ],
  exports: [Metrics, BidMetrics, SocketMetrics, QueueMetrics],
})
export class MetricsModule {}
