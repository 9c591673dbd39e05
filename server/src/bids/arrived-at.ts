import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * `performance.now()` when the HTTP request reached the process: Fastify starts a reply's clock
 * (`reply.elapsedTime`) as it routes the request, before hooks, guards and interceptors, so the
 * time a request spent there counts toward its deadline (admission control, BidAdmission).
 */
export const arrivalOf = (reply: FastifyReply): number => performance.now() - reply.elapsedTime;

/** The route handler's parameter: arrivalOf its request. */
export const ArrivedAt = createParamDecorator((_: unknown, ctx: ExecutionContext): number =>
  arrivalOf(ctx.switchToHttp().getResponse<FastifyReply>()),
);
