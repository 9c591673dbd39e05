import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuditLogResult } from '@mazad/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../admin';
import { ApiErrors } from '../common/errors/api-error.dto';
import { AUDIT_CSV_MAX, auditLogCsv } from './audit-log-csv';
import { AUDIT_PAGE_DEFAULT, AuditLogQueryDto } from './dto/audit-log-query.dto';
import { AuditLogResultDto } from './dto/audit-log-result.dto';
import { ListAuditLogQuery } from './queries/list-audit-log/list-audit-log.query';

/** The operators' audit log, read in the console (R-AUDIT-LOG); it is written by the actions themselves. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/audit-log')
export class AuditLogController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'The audit log',
    description: `Every operator action, newest first, filtered by actor, action, target and dates (a date alone is a whole Asia/Amman day; both ends included), paged. With \`Accept: text/csv\`: every matching entry (at most ${AUDIT_CSV_MAX}, page and limit ignored) as CSV: UTF-8 with a BOM, Arabic headers, cells a spreadsheet would run as formulas prefixed with '.`,
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: AuditLogResultDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async list(
    @Query() query: AuditLogQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditLogResult | string> {
    const { page = 1, limit = AUDIT_PAGE_DEFAULT, ...filters } = query;
    if (accept?.includes('text/csv')) {
      const { entries } = await this.queries.execute(
        new ListAuditLogQuery({ ...filters, page: 1, limit: AUDIT_CSV_MAX }),
      );
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="audit-log.csv"');
      return auditLogCsv(entries);
    }
    const result = await this.queries.execute(new ListAuditLogQuery({ ...filters, page, limit }));
    return { success: true, ...result, page, limit };
  }
}
