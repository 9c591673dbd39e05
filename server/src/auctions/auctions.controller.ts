import { ApiErrors } from '../common/errors/api-error.dto';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Ip,
  Param,
  Post,
  Put,
  Query,
  UploadedFiles,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  Auction,
  AuctionList,
  AuctionMutationResult,
  LIMITS,
  SearchHints,
  SuccessResult,
  UserAuctionsResult,
  UserBidAuctionsResult,
} from '@mazad/contracts';
import { type AuthUser, CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../auth';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';
import { ImageUpload, UploadedImage } from '../infrastructure/storage/image-upload';
import { CreateAuctionCommand } from './commands/create-auction/create-auction.command';
import { DeleteAuctionCommand } from './commands/delete-auction/delete-auction.command';
import { EditAuctionCommand } from './commands/edit-auction/edit-auction.command';
import { RecordAuctionViewCommand } from './commands/record-auction-view/record-auction-view.command';
import { CreateAuctionDto, CreateAuctionFormDto, UpdateAuctionDto } from './dto/auction-form.dto';
import { ListAuctionsQueryDto, SearchHintsQueryDto, UserAuctionsQueryDto } from './dto/auction-queries.dto';
import {
  AuctionDto,
  AuctionListDto,
  AuctionMutationResultDto,
  SearchHintsDto,
  SuccessResultDto,
  UserAuctionsResultDto,
  UserBidAuctionsResultDto,
} from './dto/auction-responses.dto';
import { GetAuctionQuery } from './queries/get-auction/get-auction.query';
import { GetSearchHintsQuery } from './queries/get-search-hints/get-search-hints.query';
import { GetUserAuctionsQuery } from './queries/get-user-auctions/get-user-auctions.query';
import { GetUserBidAuctionsQuery } from './queries/get-user-bid-auctions/get-user-bid-auctions.query';
import { GetWonAuctionsQuery } from './queries/get-won-auctions/get-won-auctions.query';
import { ListAuctionsQuery } from './queries/list-auctions/list-auctions.query';
import { VerifiedMemberGuard } from './verified-member.guard';

/**
 * Auctions: list, detail, create, edit, delete, and a member's lists. The `user/...` routes are
 * declared before `:id` (which only takes UUIDs) so they are never read as an auction id.
 */
@ApiTags('auctions')
@Controller('auctions')
export class AuctionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('user/:id/won')
  @ApiOperation({
    summary: 'Auctions a member won',
    description:
      'Sold auctions whose winner is the member, most recently ended first; archived ones are in GET /api/users/{id}/won-archived-auctions.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Member id' })
  @ApiOkResponse({ type: UserAuctionsResultDto })
  @ApiErrors('INVALID_ID')
  async wonAuctions(@Param('id', ParseIdPipe) userId: string): Promise<UserAuctionsResult> {
    return { success: true, auctions: await this.queries.execute(new GetWonAuctionsQuery(userId)) };
  }

  @Get('user/:id/bids')
  @ApiOperation({
    summary: 'Auctions a member bid on',
    description: "Each with `highestBid` (the member's highest amount, JOD) and `userBidCount`; most recent bid first.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Member id' })
  @ApiOkResponse({ type: UserBidAuctionsResultDto })
  @ApiErrors('INVALID_ID')
  async bidAuctions(@Param('id', ParseIdPipe) userId: string): Promise<UserBidAuctionsResult> {
    return { success: true, auctions: await this.queries.execute(new GetUserBidAuctionsQuery(userId)) };
  }

  @Get('user/:id')
  @ApiOperation({
    summary: "A seller's auctions",
    description:
      'Newest first; optional `status` (e.g. غير مباع for the unsold tab). Archived ones are in GET /api/users/{id}/archived-auctions.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'Seller id' })
  @ApiOkResponse({ type: UserAuctionsResultDto })
  @ApiErrors('INVALID_ID', 'VALIDATION_ERROR (status)')
  async userAuctions(
    @Param('id', ParseIdPipe) userId: string,
    @Query() query: UserAuctionsQueryDto,
  ): Promise<UserAuctionsResult> {
    return { success: true, auctions: await this.queries.execute(new GetUserAuctionsQuery(userId, query.status)) };
  }

  @Get()
  @ApiOperation({
    summary: 'Browse auctions',
    description:
      'Never deleted or archived ones, confirmed deals, or sold ones ended more than 10 minutes ago (pages and totals count only what is listed). Filters: category (الكل or empty for all), search (every word of it, in any order, in the title or description: Arabic letter variants, digits and leading clitics such as ال folded; ranked by relevance unless `sort` is given), timeFilter (open auctions ending within the window), userId (seller), status, minPrice/maxPrice (current price in JOD, both included). Order: `sort` (default `ending`). limit defaults to 20 and is capped at 100.',
  })
  @ApiOkResponse({ type: AuctionListDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async list(@Query() query: ListAuctionsQueryDto): Promise<AuctionList> {
    return this.queries.execute(
      new ListAuctionsQuery({
        category: query.category,
        search: query.search,
        userId: query.userId,
        timeFilter: query.timeFilter,
        status: query.status,
        sort: query.sort,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        page: query.page ?? 1,
        limit: Math.min(query.limit ?? LIMITS.pageLimitDefault, LIMITS.pageLimitMax),
      }),
    );
  }

  // Before `:id`, which would read "search-hints" as an (invalid) auction id.
  @Get('search-hints')
  @ApiOperation({
    summary: 'Hints for a search that found nothing',
    description:
      'Other spellings of the search (hamza and look-alike letters, a word without «ال») and the search with one word left out, each counted over the listed auctions of the same category and offered only when it finds some (at most 3, spellings first); and how many the same search finds in every category when `category` is given.',
  })
  @ApiOkResponse({ type: SearchHintsDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async searchHints(@Query() query: SearchHintsQueryDto): Promise<SearchHints> {
    return this.queries.execute(new GetSearchHintsQuery(query.search, query.category));
  }

  @Post()
  @RateLimit({ policy: 'auctions-member', by: 'member' }, { policy: 'auctions-ip', by: 'ip' })
  @UseGuards(VerifiedMemberGuard)
  @ApiBearerAuth()
  @ImageUpload({ field: 'images', maxFiles: LIMITS.maxImagesPerAuction })
  @ApiBody({ type: CreateAuctionFormDto })
  @ApiOperation({
    summary: 'List a new auction',
    description:
      'Verified members. Multipart: text fields plus 1–3 files in `images` (each ≤ 5 MB, checked by content, re-encoded; each counts against the upload limits and daily quota, as POST /api/upload/images). Starts now and ends after auctionDuration.',
  })
  @ApiCreatedResponse({ type: AuctionDto })
  @ApiErrors(
    'VALIDATION_ERROR naming the field',
    'AUCTION_IMAGES_REQUIRED',
    'TOO_MANY_IMAGES',
    'IMAGE_INVALID',
    'UNKNOWN_FIELD',
    'MULTIPART_INVALID',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'ACCOUNT_NOT_VERIFIED',
    'IMAGE_TOO_LARGE',
    'IMAGE_TOO_MANY_PIXELS',
    'UPLOAD_RATE_LIMITED (per image, as POST /api/upload/images)',
    'UPLOAD_QUOTA_EXCEEDED',
  )
  async create(
    @CurrentUser() seller: AuthUser,
    @Body() body: CreateAuctionDto,
    @UploadedFiles() files: UploadedImage[] | undefined,
  ): Promise<Auction> {
    const { title, description, category, auctionDuration, startingPrice, buyNowPrice } = body;
    return this.commands.execute(
      new CreateAuctionCommand(
        seller,
        { title, description, category, auctionDuration, startingPrice, buyNowPrice },
        (files ?? []).map((f) => f.buffer),
      ),
    );
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({
    summary: 'One auction',
    description:
      'Counts a view: once per visitor (member, else client IP) per auction per hour; `viewCount` includes views not yet flushed. Deleted auctions are visible to admin sessions only.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: AuctionDto })
  @ApiErrors('INVALID_ID', 'AUCTION_NOT_FOUND (with gone: { reason: removed, category } when an operator removed it)')
  async findOne(
    @Param('id', ParseIdPipe) id: string,
    @Ip() ip: string,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<Auction> {
    const auction = await this.queries.execute(new GetAuctionQuery(id, viewer));
    const visitor = viewer ? `member:${viewer.id}` : `ip:${ip}`;
    const pending = await this.commands.execute(new RecordAuctionViewCommand(id, visitor));
    return { ...auction, viewCount: auction.viewCount + pending };
  }

  @Put(':id')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Edit an auction (once)',
    description:
      "Seller only, while active with no bids, once. Same rules as create; `images` are URLs (current ones or the seller's own from POST /api/upload/images, used nowhere else), omitted or empty keeps them; images dropped are deleted. Changing the duration restarts the clock from now.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: AuctionMutationResultDto })
  @ApiErrors(
    'VALIDATION_ERROR naming the field',
    'AUCTION_NOT_EDITABLE',
    'AUCTION_HAS_BIDS',
    'AUCTION_ALREADY_EDITED',
    'TOO_MANY_IMAGES',
    'INVALID_ID',
    'UNKNOWN_FIELD',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'NOT_AUCTION_OWNER',
    'IMAGE_NOT_OWNED (an image the seller did not upload, or one another auction or the announcement owns)',
    'AUCTION_NOT_FOUND',
  )
  async update(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() actor: AuthUser,
    @Body() body: UpdateAuctionDto,
  ): Promise<AuctionMutationResult> {
    const { title, description, category, auctionDuration, startingPrice, buyNowPrice, images } = body;
    const auction = await this.commands.execute(
      new EditAuctionCommand(actor, id, {
        title,
        description,
        category,
        auctionDuration,
        startingPrice,
        buyNowPrice,
        images,
      }),
    );
    return { success: true, message: 'تم تحديث المزاد بنجاح', auction };
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Delete an auction',
    description:
      'The seller while it has no bids (removed with its images); an admin session always (kept as محذوف with its bids, hidden from members).',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors(
    'AUCTION_HAS_BIDS',
    'AUCTION_NOT_DELETABLE (sold)',
    'INVALID_ID',
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'NOT_AUCTION_OWNER',
    'AUCTION_NOT_FOUND',
  )
  async remove(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteAuctionCommand(actor, id));
    return { success: true, message: 'تم حذف المزاد بنجاح' };
  }
}
