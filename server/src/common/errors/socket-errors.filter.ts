import { ArgumentsHost, Catch, Logger, type WsExceptionFilter } from '@nestjs/common';
import { SocketEvents, type ApiErrorBody, type SocketErrorPayload } from '@mazad/contracts';
import type { Socket } from 'socket.io';
import { describeError } from './error-body';

/**
 * What a socket hears when one of our gateways' handlers throws: the `error` event with the
 * code and Arabic text of describeError (and the same body on the acknowledgement, when the
 * event asked for one, so the client is not left waiting). Nest's own filter would answer an
 * `exception` event carrying the event's payload back to its sender (`cause.data`), i.e. any
 * size and content the sender chose; ours sends nothing of the payload. Put on every gateway
 * with `@UseFilters(SocketErrorsFilter)` (gateways take no global filters).
 */
@Catch()
export class SocketErrorsFilter implements WsExceptionFilter {
  private readonly logger = new Logger('SocketErrors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ws = host.switchToWs();
    const socket = ws.getClient<Socket>();
    const { body, unexpected } = describeError(exception);
    if (unexpected) {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error({ err, event: ws.getPattern(), socketId: socket.id }, `Unexpected error on socket event`);
    }
    answerSocketError(socket, host.getArgs(), body);
  }
}

/**
 * Tells a socket its event was refused: `error { code, message }`, and the error body on the
 * event's acknowledgement when `args` (the event's arguments) carry one, so the client is not
 * left waiting. The one way every refusal of a socket event is answered.
 */
export function answerSocketError(socket: Socket, args: readonly unknown[], body: ApiErrorBody): void {
  socket.emit(SocketEvents.Error, { code: body.code, message: body.message } satisfies SocketErrorPayload);
  const ack = args.find((arg): arg is (answer: unknown) => void => typeof arg === 'function');
  ack?.(body);
}
