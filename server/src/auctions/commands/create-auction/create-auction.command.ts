import { Command } from '@nestjs/cqrs';
import type { Auction, CreateAuctionRequest } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A verified member lists an auction with 1–3 images (raw uploaded bytes). */
export class CreateAuctionCommand extends Command<Auction> {
  constructor(
    readonly seller: AuthUser,
    readonly input: CreateAuctionRequest,
    readonly images: Buffer[],
  ) {
    super();
  }
}
