import { Query } from '@nestjs/cqrs';
import type { DailyStat } from '@mazad/contracts';

/**
 * The dashboard's time series: one row per Asia/Amman calendar day for the last `days` days
 * (today included), oldest first, days without activity present with zeros.
 */
export class GetDailyStatsQuery extends Query<DailyStat[]> {
  constructor(readonly days: number) {
    super();
  }
}
