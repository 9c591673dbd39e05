import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AdminGuard } from '../auth';
import { ApiErrors } from '../common/errors/api-error.dto';

/**
 * Admin API and every site-content write: an admin-login token is required (401 signed out or
 * with a dead token, 403 ADMIN_ONLY for members and for admins without an admin session).
 */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID', 'ADMIN_ONLY (needs an admin-login token)'),
  );
