import type { Queue } from 'bullmq';
import type { DeliveryJobData } from './delivery-job';
import { DELIVERY_LANE_NAMES, type DeliveryLaneName } from './delivery-lanes';

/** The BullMQ queue of each delivery lane (DELIVERY_LANES), built by DeliveriesModule. */
export class DeliveryQueues {
  private readonly byLane: ReadonlyMap<DeliveryLaneName, Queue<DeliveryJobData>>;

  /** `queues` in the order of DELIVERY_LANE_NAMES. */
  constructor(queues: Queue<DeliveryJobData>[]) {
    this.byLane = new Map(DELIVERY_LANE_NAMES.map((lane, i) => [lane, queues[i]]));
  }

  of(lane: DeliveryLaneName): Queue<DeliveryJobData> {
    return this.byLane.get(lane)!;
  }

  all(): [DeliveryLaneName, Queue<DeliveryJobData>][] {
    return [...this.byLane];
  }
}
