/** The winner of a sold auction rated its seller (stored; exactly once per auction and rater). */
export class SellerRatedEvent {
  constructor(
    readonly auctionId: string,
    readonly raterId: string,
    readonly ratedUserId: string,
    readonly stars: number,
  ) {}
}
