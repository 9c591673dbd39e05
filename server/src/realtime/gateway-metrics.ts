import { Injectable, OnModuleInit } from '@nestjs/common';
import { auctionRoom } from '@mazad/contracts';
import { SocketMetrics } from '../infrastructure/metrics';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Hands the gateway's Socket.IO server to SocketMetrics (connections, auction rooms, messages
 * and bytes sent). Nest creates the server before the modules' init hooks and before the
 * application listens, so no socket is missed; a process without a server (no gateway) has none.
 */
@Injectable()
export class GatewayMetrics implements OnModuleInit {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly metrics: SocketMetrics,
  ) {}

  onModuleInit(): void {
    if (this.gateway.server) this.metrics.observe(this.gateway.server, auctionRoom(''));
  }
}
