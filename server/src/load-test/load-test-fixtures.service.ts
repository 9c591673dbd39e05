import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type Auction, ERROR_MESSAGES, type LoadTestFixtures } from '@mazad/contracts';
import { DataSource, type EntityTarget, In, type ObjectLiteral } from 'typeorm';
import { AccountsService, type AuthUser, TokenService } from '../auth';
import { AuctionStore, CreateAuctionCommand } from '../auctions';
import { AuctionEntity } from '../auctions/entities/auction.entity';
import { BidEntity } from '../bids/entities/bid.entity';
import { AppException } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { recordedDeploymentKind } from '../infrastructure/database/deployment-kind';
import { ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { MessageEntity } from '../messages/entities/message.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { AccountStore } from '../users';
import { UserEntity } from '../users/entities/user.entity';
import {
  DISPOSABLE_DEPLOYMENT_KINDS,
  LOAD_TEST_EMAIL_DOMAIN,
  LOAD_TEST_NAME_MARK,
  LOAD_TEST_REGISTRATION_SOURCE,
} from './load-test-marks';

export interface PrepareOptions {
  members: number;
  auctions: number;
  /** Every auction's starting price in JOD. */
  startingPrice: number;
  /** One of the configured auction durations (AUCTION_DURATIONS). */
  duration: string;
}

export interface CleanResult {
  members: number;
  auctions: number;
  bids: number;
}

/**
 * Test data for load tests, made by an operator through the admin API
 * (docs/adr/0013-load-test-fixtures-through-the-api.md): verified members marked `load_test`
 * (exempt from the rate limits) and auctions of a marked seller, made through the product's own
 * account service and create-auction command, with tokens from its TokenService. Made only on a
 * database whose recorded deployment kind is development or load-test; removed anywhere, since
 * the clean-up touches only marked members and what belongs to them.
 */
@Injectable()
export class LoadTestFixturesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly config: AppConfig,
    private readonly tokens: TokenService,
    private readonly commands: CommandBus,
    private readonly images: ImageStorageService,
    private readonly store: AuctionStore,
    private readonly accountStore: AccountStore,
  ) {}

  async prepare(options: PrepareOptions): Promise<Omit<LoadTestFixtures, 'success'>> {
    await this.assertDisposable();
    if (!this.config.auctionDurations.has(options.duration)) {
      const durations = [...this.config.auctionDurations.keys()].join('، ');
      throw new AppException('VALIDATION_ERROR', {
        errors: [{ field: 'duration', message: `مدة المزاد يجب أن تكون إحدى: ${durations}` }],
      });
    }
    // One batch tag per request: several prepared sets can coexist; clean removes them all.
    const batch = randomBytes(3).toString('hex');
    const seller = await this.createMember(`k6-${batch}-seller`, `بائع اختبار الحمل ${batch}`);
    const image = await this.auctionImage();
    const auctions: Auction[] = [];
    for (let i = 1; i <= options.auctions; i++) auctions.push(await this.createAuction(seller, options, image, i));
    const members: UserEntity[] = [];
    for (let i = 1; i <= options.members; i++) {
      members.push(await this.createMember(`k6-${batch}-${i}`, `مزايد اختبار الحمل ${i}`));
    }
    return {
      auctionId: auctions[0]._id,
      auctionIds: auctions.map((a) => a._id),
      startingPrice: options.startingPrice,
      endTime: auctions[0].endTime,
      sellerId: seller.id,
      members: members.map((m) => ({ id: m.id, token: this.tokens.sign(m) })),
      createdAt: new Date().toISOString(),
    };
  }

  /**
   * Removes every load-test member (`load_test`) and what belongs to them: their auctions (with
   * every bid, message and rating on them, and their image files), and their bids, messages and
   * ratings. Refuses (409, nothing removed) when a load-test member bid on an auction that is not
   * a load-test one: removing such a bid would leave that auction's price above its highest bid.
   */
  async clean(): Promise<CleanResult> {
    const { result, images } = await this.db.transaction(async (manager) => {
      const members = await manager.find(UserEntity, {
        select: { id: true },
        where: { loadTest: true },
      });
      const ours = members.map((m) => m.id);
      if (ours.length === 0) return { result: { members: 0, auctions: 0, bids: 0 }, images: [] };
      const auctions = await manager.find(AuctionEntity, {
        select: { id: true, images: true },
        where: { sellerId: In(ours) },
      });
      const auctionIds = auctions.map((a) => a.id);

      const foreign = await manager
        .createQueryBuilder(BidEntity, 'b')
        .select('DISTINCT b.auction_id', 'id')
        .where('b.bidder_id = ANY(:ours) AND NOT (b.auction_id = ANY(:auctionIds))', { ours, auctionIds })
        .getRawMany<{ id: string }>();
      if (foreign.length) {
        // The table's text naming the auctions, so the operator can look at them in the console.
        const ids = foreign.slice(0, 5).map((f) => f.id);
        const message = `${ERROR_MESSAGES.LOAD_TEST_FOREIGN_BIDS}: ${ids.join('، ')}${foreign.length > 5 ? '…' : ''}`;
        throw new AppException('LOAD_TEST_FOREIGN_BIDS', { message });
      }

      /** Deletes the rows naming a load-test member in one of `columns`, or on a load-test auction. */
      const purge = async (entity: EntityTarget<ObjectLiteral>, columns: string[]) => {
        const where = [...columns, 'auction_id'].map(
          (c, i) => `${c} = ANY(:${i < columns.length ? 'ours' : 'auctionIds'})`,
        );
        const result = await manager
          .createQueryBuilder()
          .delete()
          .from(entity)
          .where(where.join(' OR '), { ours, auctionIds })
          .execute();
        return result.affected ?? 0;
      };
      await purge(MessageEntity, ['sender_id', 'receiver_id']);
      await purge(RatingEntity, ['rater_id', 'rated_user_id']);
      const bids = await purge(BidEntity, ['bidder_id']);
      if (auctionIds.length) await this.store.purge(manager, auctionIds);
      await this.accountStore.purge(manager, ours);
      return {
        result: { members: ours.length, auctions: auctionIds.length, bids },
        images: auctions.flatMap((a) => a.images ?? []),
      };
    });
    // Files once the rows are gone for good (a rolled-back transaction keeps them).
    for (const url of images) await this.images.remove(url);
    return result;
  }

  /** 403 LOAD_TEST_PRODUCTION unless the database records a development or load-test deployment. */
  private async assertDisposable(): Promise<void> {
    const kind = await recordedDeploymentKind(this.db);
    if (!kind || !(DISPOSABLE_DEPLOYMENT_KINDS as readonly string[]).includes(kind)) {
      throw new AppException('LOAD_TEST_PRODUCTION');
    }
  }

  private async createMember(localPart: string, name: string): Promise<UserEntity> {
    const id = await this.accountStore.createMember({
      name: `${name} ${LOAD_TEST_NAME_MARK}`,
      email: `${localPart}@${LOAD_TEST_EMAIL_DOMAIN}`,
      phone: '',
      location: 'عمّان',
      // No password matches this value (as for deleted members): these accounts act only
      // through the tokens written to the fixtures file.
      passwordHash: '!load-test',
      registrationSource: LOAD_TEST_REGISTRATION_SOURCE,
      loadTest: true,
    });
    await this.accountStore.markVerified(id);
    return (await this.accounts.findById(id))!;
  }

  /** One small generated picture shared by every fixture auction (an auction needs one). */
  private auctionImage(): Promise<Buffer> {
    return sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  }

  private async createAuction(seller: UserEntity, options: PrepareOptions, image: Buffer, n: number): Promise<Auction> {
    const actor: AuthUser = {
      id: seller.id,
      name: seller.name,
      isAdmin: false,
      isVerified: true,
      adminSession: false,
      loadTest: true,
    };
    return this.commands.execute(
      new CreateAuctionCommand(
        actor,
        {
          title: `مزاد اختبار الحمل ${n} ${LOAD_TEST_NAME_MARK}`,
          description: 'مزاد أنشأته أداة اختبار الحمل لعاصفة المزايدات؛ يُحذف مع بياناته بالأمر npm run load:clean.',
          category: 'متنوعة',
          auctionDuration: options.duration,
          startingPrice: options.startingPrice,
        },
        [image],
      ),
    );
  }
}
