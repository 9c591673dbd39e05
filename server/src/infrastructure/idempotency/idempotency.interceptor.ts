import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../../common/http/raw-request';
import { canonicalPath } from '../../common/validation/ids';
import { firstValueFrom, from, Observable } from 'rxjs';
import { IdempotencyService } from './idempotency.service';

/**
 * HTTP face of IdempotencyService: the `Idempotency-Key` header of a signed-in request, scoped
 * by method and path (`POST /api/auctions/<id>/bid`). A replayed answer carries the header
 * `Idempotent-Replayed: true`. Requests without the header (or without a member) pass through.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: { id: string } }>();
    const response = http.getResponse<FastifyReply>();
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || !request.user) return next.handle();

    const successStatus =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
      (request.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
    const run = this.idempotency.run(
      {
        userId: request.user.id,
        // Interceptors run before pipes: the path's ids are made canonical here, as the socket's are.
        scope: `${request.method} ${canonicalPath(pathOf(request.raw))}`,
        key: header,
        body: request.body,
        successStatus,
      },
      () => firstValueFrom(next.handle()),
    );
    return from(
      run.then((answer) => {
        if (!answer.replayed) return answer.body;
        response.header('Idempotent-Replayed', 'true');
        if (answer.status >= 400) throw new HttpException(answer.body as object, answer.status);
        response.status(answer.status);
        return answer.body;
      }),
    );
  }
}
