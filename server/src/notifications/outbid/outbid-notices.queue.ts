/**
 * Outbid notices wait on their own queue for a few seconds before they are written
 * (R-NOTICE-OUTBID-COALESCED, docs/notifications.md): one delayed job per member and auction,
 * under a job id made of the two, so every further outbid meanwhile — on any replica — joins the
 * job already waiting instead of writing a notice, an e-mail and a push of its own.
 */
export const OUTBID_NOTICES_QUEUE = 'notices-outbid';
export const OUTBID_NOTICE_JOB = 'outbid';

export interface OutbidNoticeJob {
  auctionId: string;
  memberId: string;
}

export const outbidJobId = ({ auctionId, memberId }: OutbidNoticeJob) => `outbid-${auctionId}-${memberId}`;
