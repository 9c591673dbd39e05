import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionEndedEvent } from '../../../auctions/events/auction-ended.event';
import { BidCancelledEvent } from '../../../auctions/events/bid-cancelled.event';
import { BidsCommittedEvent } from '../../../auctions/events/bids-committed.event';
import { DealConfirmedEvent } from '../../../deals/events/deal-confirmed.event';
import { MessageSentEvent } from '../../../messages/events/message-sent.event';
import { SellerRatedEvent } from '../../../ratings/events/seller-rated.event';
import { notices, type NoticeDraft } from '../../notices';
import { Notifier } from '../../notifier';
import { OutbidNotices } from '../../outbid/outbid-notices';

type NoticeEvent =
  BidsCommittedEvent | AuctionEndedEvent | DealConfirmedEvent | MessageSentEvent | SellerRatedEvent | BidCancelledEvent;
type DraftedEvent = Exclude<NoticeEvent, BidsCommittedEvent>;

/**
 * Turns the domain events into notices, in the process where each event fires (each is
 * published once: a bid's commit, the end command's exactly-once end, …). The dedupe keys make
 * a repeated event harmless (R-NOTICE-ONCE). A bid that outbids a member only asks for their
 * coalesced outbid notice (OutbidNotices): a bid storm must not write one per bid.
 */
@EventsHandler(
  BidsCommittedEvent,
  AuctionEndedEvent,
  DealConfirmedEvent,
  MessageSentEvent,
  SellerRatedEvent,
  BidCancelledEvent,
)
export class NotifyDomainEventsHandler implements IEventHandler<NoticeEvent> {
  private readonly logger = new Logger(NotifyDomainEventsHandler.name);

  constructor(
    private readonly notifier: Notifier,
    private readonly outbid: OutbidNotices,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async handle(event: NoticeEvent): Promise<void> {
    try {
      if (event instanceof BidsCommittedEvent) {
        for (const { outbidUserId } of event.bids)
          if (outbidUserId) await this.outbid.outbid(event.auctionId, outbidUserId);
        return;
      }
      await this.notifier.notify(await this.drafts(event));
    } catch (err) {
      // A notice is never worth failing the bid, the end or the message that caused it.
      this.logger.error({ err, event: event.constructor.name }, 'Could not create a notice');
    }
  }

  private async drafts(event: DraftedEvent): Promise<NoticeDraft[]> {
    if (event instanceof AuctionEndedEvent) {
      const a = await this.auction(event.auctionId);
      const facts = { auctionId: event.auctionId, title: a.title, priceFils: a.priceFils };
      if (event.status === AuctionStatus.Sold && event.winnerId)
        return [notices.sold(a.sellerId, facts), notices.won(event.winnerId, facts)];
      return event.status === AuctionStatus.Unsold ? [notices.noSale(a.sellerId, facts)] : [];
    }
    if (event instanceof DealConfirmedEvent) {
      // The other party: the one who confirmed knows.
      const { auction } = event;
      const parties = [auction.seller._id, auction.winner?._id].filter((id): id is string => !!id);
      return parties
        .filter((id) => id !== event.confirmedBy)
        .map((id) => notices.dealConfirmed(id, { auctionId: event.auctionId, title: auction.title }));
    }
    if (event instanceof BidCancelledEvent) {
      const a = await this.auction(event.auctionId);
      const [bid] = await this.db.query(`SELECT amount_fils FROM bids WHERE id = $1`, [event.bidId]);
      return [
        notices.bidCancelled(event.bidderId, {
          auctionId: event.auctionId,
          title: a.title,
          bidId: event.bidId,
          amountFils: Number(bid.amount_fils),
          reason: event.reason,
        }),
      ];
    }
    if (event instanceof MessageSentEvent) {
      const m = event.message;
      return [
        notices.newMessage(m.receiver._id, { messageId: m._id, auctionId: m.auctionId, senderName: m.sender.name }),
      ];
    }
    return [
      notices.rated(event.ratedUserId, { auctionId: event.auctionId, raterId: event.raterId, stars: event.stars }),
    ];
  }

  /** The auction's facts as stored (events do not always carry the auction). */
  private async auction(id: string): Promise<{ title: string; sellerId: string; priceFils: number }> {
    const [row] = await this.db.query(`SELECT title, seller_id, current_price_fils FROM auctions WHERE id = $1`, [id]);
    return { title: row.title, sellerId: row.seller_id, priceFils: Number(row.current_price_fils) };
  }
}
