/**
 * The dashboard's figures: the site totals as one record (`stats/totals`), and the per-day
 * activity of the last days (a custom call: a series, not records).
 */
import { routes, type AdminStats, type DailyStat } from '@mazad/contracts';
import type { GetOneParams, RaRecord } from 'react-admin';
import { callJson } from '../http';
import { resourceProvider } from '../resourceProvider';

/** The one record of the `stats` resource. */
export const STATS_TOTALS = 'totals';

export type StatsRecord = AdminStats & RaRecord;

export const statsProvider = resourceProvider({
  async getOne(_resource: string, params: GetOneParams): Promise<{ data: StatsRecord }> {
    const { success: _ignored, ...stats } = await callJson(routes.admin.stats, []);
    return { data: { ...stats, id: params.id } };
  },

  /** Auctions, bids, sales and revenue per Amman day, oldest first. */
  async getDaily(_resource: string, params: { days: number }): Promise<DailyStat[]> {
    return (await callJson(routes.admin.dailyStats, [{}, { days: params.days }])).days;
  },
});
