import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Module,
  type NestInterceptor,
  type PipeTransform,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Ack, MessageBody, type OnGatewayConnection, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { INestApplication } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { AppException } from '../common/errors/app.exception';
import { describeError } from '../common/errors/error-body';
import { SocketErrorsFilter } from '../common/errors/socket-errors.filter';
import { ListenerIoAdapter } from './listener-io.adapter';
import { SocketEventGate } from './socket-event-gate';

const gate = new SocketEventGate();
gate.register('door', () => describeError(new AppException('AUCTION_BUSY')).body);

class UpperCasePipe implements PipeTransform<string, string> {
  transform = (value: string) => value.toUpperCase();
}

class RefuseDenyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToWs().getData() === 'deny') throw new ForbiddenException();
    return true;
  }
}

class DoubleInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler<number>): Observable<number> {
    return next.handle().pipe(map((n) => n * 2));
  }
}

/** Every way a handler of ours (or Nest's) answers, to compare the adapters on. */
@WebSocketGateway()
@UseFilters(SocketErrorsFilter)
class ProbeGateway implements OnGatewayConnection {
  private held?: (answer: unknown) => void;

  handleConnection(socket: Socket) {
    socket.use(gate.middleware(socket));
  }

  @SubscribeMessage('echo')
  echo(@MessageBody() data: unknown) {
    return { echoed: data };
  }

  @SubscribeMessage('later')
  async later(@MessageBody() data: unknown) {
    await new Promise((resolve) => setImmediate(resolve));
    return { later: data };
  }

  @SubscribeMessage('nothing')
  nothing() {
    return undefined;
  }

  @SubscribeMessage('fails')
  fails() {
    throw new AppException('VALIDATION_ERROR');
  }

  @SubscribeMessage('shout')
  shout(@MessageBody(new UpperCasePipe()) data: string) {
    return { event: 'heard', data };
  }

  @SubscribeMessage('guarded')
  @UseGuards(new RefuseDenyGuard())
  guarded(@MessageBody() data: string) {
    return { passed: data };
  }

  @SubscribeMessage('doubled')
  @UseInterceptors(new DoubleInterceptor())
  doubled(@MessageBody() data: number) {
    return data;
  }

  /** Takes its acknowledgement itself (as BidsGateway does) and answers it on `release`. */
  @SubscribeMessage('hold')
  hold(@Ack() ack: (answer: unknown) => void) {
    this.held = ack;
    return 'not the answer';
  }

  @SubscribeMessage('release')
  release() {
    this.held?.('held answer');
    return 'released';
  }

  @SubscribeMessage('door')
  door() {
    return 'past the door';
  }
}

@Module({ providers: [ProbeGateway] })
class ProbeModule {}

// Nest's own adapter first: the expectations below are its behaviour, which ours must keep.
describe.each([
  ['IoAdapter (Nest)', IoAdapter],
  ['ListenerIoAdapter', ListenerIoAdapter],
])('socket handlers bound by %s', (_name, Adapter) => {
  let app: INestApplication;
  let client: ClientSocket;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create(ProbeModule, new FastifyAdapter(), { logger: false });
    app.useWebSocketAdapter(new Adapter(app));
    // A port the system says is free (0): the unit suite runs beside other servers.
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    client = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
  });

  afterEach(() => {
    client.disconnect();
  });

  const ask = (event: string, ...args: unknown[]) => client.timeout(5_000).emitWithAck(event, ...args);

  it('acknowledges with the returned value, and with a promise’s result', async () => {
    expect(await ask('echo', { a: 1 })).toEqual({ echoed: { a: 1 } });
    expect(await ask('later', 'x')).toEqual({ later: 'x' });
  });

  it('gives the handler several arguments as one array', async () => {
    expect(await ask('echo', 1, 2)).toEqual({ echoed: [1, 2] });
  });

  it('does not acknowledge a handler that returns nothing', async () => {
    const answers: unknown[] = [];
    client.emit('nothing', (answer: unknown) => answers.push(answer));
    // Events are handled, and answered, in order: once `echo` is answered, `nothing` had its turn.
    await ask('echo', 'after');
    expect(answers).toEqual([]);
  });

  it('answers a throwing handler through the gateway’s filter: the error event and its body on the acknowledgement', async () => {
    const error = new Promise((resolve) => client.once('error', resolve));
    expect(await ask('fails')).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(await error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('applies the handler’s guards (a refusal goes through the filter) and pipes', async () => {
    expect(await ask('guarded', 'ok')).toEqual({ passed: 'ok' });
    expect(await ask('guarded', 'deny')).toMatchObject({ code: 'FORBIDDEN' });
    const heard = new Promise((resolve) => client.once('heard', resolve));
    client.emit('shout', 'hello');
    expect(await heard).toBe('HELLO');
  });

  it('acknowledges what an interceptor makes of the result (an Observable)', async () => {
    expect(await ask('doubled', 21)).toBe(42);
  });

  it('leaves an @Ack() handler’s acknowledgement to the handler', async () => {
    const held = ask('hold');
    expect(await ask('release')).toBe('released');
    expect(await held).toBe('held answer');
  });

  it('runs socket middlewares (the SocketEventGate’s door) before the handler', async () => {
    expect(await ask('door')).toMatchObject({ statusCode: 503, code: 'AUCTION_BUSY' });
  });
});
