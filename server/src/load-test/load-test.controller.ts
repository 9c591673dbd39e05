import { Body, Controller, Delete, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LoadTestCleanResult, LoadTestFixtures } from '@mazad/contracts';
import { AdminOnly } from '../admin';
import { ApiErrors } from '../common/errors/api-error.dto';
import { LoadTestCleanResultDto, LoadTestFixturesDto, LoadTestFixturesResultDto } from './dto/load-test-fixtures.dto';
import { LoadTestFixturesService } from './load-test-fixtures.service';

/**
 * Load-test fixtures for an operator (`npm run load:prepare` / `load:clean` call these with an
 * admin-session token): docs/adr/0013-load-test-fixtures-through-the-api.md.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/load-test/fixtures')
export class LoadTestController {
  constructor(private readonly fixtures: LoadTestFixturesService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Make load-test members and auctions',
    description:
      'Verified members marked for load testing (exempt from the request-rate limits; names end with "(اختبار حمل)", e-mails on load-test.mazad.invalid) with their bearer tokens, and auctions of one marked seller. Only on a database recorded as a development or load-test deployment (DEPLOYMENT_KIND).',
  })
  @ApiOkResponse({ type: LoadTestFixturesResultDto })
  // ADMIN_ONLY again: a route's 403 answer replaces the class's (AdminOnly), and both apply here.
  @ApiErrors(
    'VALIDATION_ERROR naming the field',
    'UNKNOWN_FIELD',
    'ADMIN_ONLY (needs an admin-login token)',
    'LOAD_TEST_PRODUCTION',
  )
  async prepare(@Body() body: LoadTestFixturesDto): Promise<LoadTestFixtures> {
    const fixtures = await this.fixtures.prepare({
      members: body.members,
      auctions: body.auctions ?? 1,
      startingPrice: body.startingPrice ?? 1,
      duration: body.duration ?? '24h',
    });
    return { success: true, ...fixtures };
  }

  @Delete()
  @ApiOperation({
    summary: 'Remove every load-test member and what belongs to them',
    description:
      'Members marked for load testing, their auctions (with every bid, message and rating on them, and their images), and their bids, messages and ratings; nothing else. Refused, removing nothing, when one of them bid on an auction that is not a load-test one.',
  })
  @ApiOkResponse({ type: LoadTestCleanResultDto })
  @ApiErrors('LOAD_TEST_FOREIGN_BIDS')
  async clean(): Promise<LoadTestCleanResult> {
    return { success: true, removed: await this.fixtures.clean() };
  }
}
