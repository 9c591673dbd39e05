import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Auction } from '@mazad/contracts';
import { DataSource, type EntityTarget, In, Like, type ObjectLiteral } from 'typeorm';
import { AccountsService, type AuthUser, TokenService } from '../auth';
import { AuctionStore, CreateAuctionCommand } from '../auctions';
import { AuctionEntity } from '../auctions/entities/auction.entity';
import { BidEntity } from '../bids/entities/bid.entity';
import { AppConfig } from '../config/app-config';
import { recordedDeploymentKind } from '../infrastructure/database/deployment-kind';
import { ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { MessageEntity } from '../messages/entities/message.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { UserEntity } from '../users/entities/user.entity';
import {
  DISPOSABLE_DEPLOYMENT_KINDS,
  LOAD_TEST_EMAIL_DOMAIN,
  LOAD_TEST_NAME_MARK,
  LOAD_TEST_REGISTRATION_SOURCE,
} from './load-test-marks';

/** Refusals of the fixtures command (not HTTP errors: the command prints them and exits 1). */
export class LoadTestRefusal extends Error {}

export interface PrepareOptions {
  members: number;
  /** The hot auction's starting price in JOD. */
  startingPrice: number;
  /** One of the configured auction durations (AUCTION_DURATIONS). */
  duration: string;
}

/** What k6 reads (`open()` in its init stage): who bids, with which token, on which auction. */
export interface LoadTestFixtures {
  auctionId: string;
  startingPrice: number;
  endTime: string;
  sellerId: string;
  members: { id: string; token: string }[];
  createdAt: string;
}

export interface CleanResult {
  members: number;
  auctions: number;
  bids: number;
}

/**
 * Test data for load tests against a private deployment: verified members and a hot auction
 * made through the product's own account service and create-auction command, with tokens from
 * its TokenService. Writes only to a database whose recorded deployment kind is development or
 * load-test (checked in the database itself: the environment of this command may differ from
 * the server's).
 */
@Injectable()
export class LoadTestFixturesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly tokens: TokenService,
    private readonly commands: CommandBus,
    private readonly images: ImageStorageService,
    private readonly store: AuctionStore,
  ) {}

  async prepare(options: PrepareOptions): Promise<LoadTestFixtures> {
    await this.assertDisposable();
    if (!this.config.auctionDurations.has(options.duration)) {
      throw new LoadTestRefusal(
        `--duration ${options.duration} is not one of AUCTION_DURATIONS (${[...this.config.auctionDurations.keys()].join(', ')})`,
      );
    }
    // One batch tag per run: several prepared sets can coexist; clean removes them all.
    const batch = randomBytes(3).toString('hex');
    const seller = await this.createMember(`k6-${batch}-seller`, `بائع اختبار الحمل ${batch}`);
    const members: UserEntity[] = [];
    for (let i = 1; i <= options.members; i++) {
      members.push(await this.createMember(`k6-${batch}-${i}`, `مزايد اختبار الحمل ${i}`));
    }
    const auction = await this.createHotAuction(seller, options);
    return {
      auctionId: auction._id,
      startingPrice: options.startingPrice,
      endTime: auction.endTime,
      sellerId: seller.id,
      members: members.map((m) => ({ id: m.id, token: this.tokens.sign(m) })),
      createdAt: new Date().toISOString(),
    };
  }

  /**
   * Removes every load-test member and what belongs to them: their auctions (with every bid,
   * message and rating on them, and their image files), and their bids, messages and ratings.
   * Refuses when a load-test member bid on an auction that is not a load-test one: removing
   * such a bid would leave that auction's price above its highest bid.
   */
  async clean(): Promise<CleanResult> {
    await this.assertDisposable();
    const { result, images } = await this.db.transaction(async (manager) => {
      const members = await manager.find(UserEntity, {
        select: { id: true },
        where: { registrationSource: LOAD_TEST_REGISTRATION_SOURCE, email: Like(`%@${LOAD_TEST_EMAIL_DOMAIN}`) },
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
        throw new LoadTestRefusal(
          `load-test members bid on auctions that are not load-test ones (${foreign.map((f) => f.id).join(', ')}); nothing was removed`,
        );
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
      await manager.delete(UserEntity, { id: In(ours) });
      return {
        result: { members: ours.length, auctions: auctionIds.length, bids },
        images: auctions.flatMap((a) => a.images ?? []),
      };
    });
    // Files once the rows are gone for good (a rolled-back transaction keeps them).
    for (const url of images) await this.images.remove(url);
    return result;
  }

  /** Refuses unless the database records a development or load-test deployment. */
  async assertDisposable(): Promise<void> {
    const kind = await recordedDeploymentKind(this.db).catch((err: { code?: string }) => {
      if (err.code === '42P01') return null; // no `deployment` table: no server has migrated this database yet
      throw err;
    });
    if (!kind || !(DISPOSABLE_DEPLOYMENT_KINDS as readonly string[]).includes(kind)) {
      const mark = kind ? `is marked ${kind}` : 'carries no deployment mark (no server has started against it yet)';
      throw new LoadTestRefusal(
        `this database ${mark}; load-test data goes only to a deployment started with ` +
          `DEPLOYMENT_KIND=${DISPOSABLE_DEPLOYMENT_KINDS.join(' or ')} (npm start sets development)`,
      );
    }
  }

  private async createMember(localPart: string, name: string): Promise<UserEntity> {
    const member = await this.accounts.create({
      name: `${name} ${LOAD_TEST_NAME_MARK}`,
      email: `${localPart}@${LOAD_TEST_EMAIL_DOMAIN}`,
      phone: '',
      location: 'عمّان',
      // No password matches this value (as for deleted members): these accounts act only
      // through the tokens written to the fixtures file.
      passwordHash: '!load-test',
      registrationSource: LOAD_TEST_REGISTRATION_SOURCE,
    });
    await this.accounts.markVerified(member.id);
    return member;
  }

  private async createHotAuction(seller: UserEntity, options: PrepareOptions): Promise<Auction> {
    const actor: AuthUser = { id: seller.id, name: seller.name, isAdmin: false, isVerified: true, adminSession: false };
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    return this.commands.execute(
      new CreateAuctionCommand(
        actor,
        {
          title: `مزاد اختبار الحمل ${LOAD_TEST_NAME_MARK}`,
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
