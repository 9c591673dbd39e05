import type { Socket } from 'socket.io';
import { describeError } from '../common/errors/error-body';
import { answerSocketError } from '../common/errors/socket-errors.filter';
import { InputHygienePipe } from '../common/validation/input-hygiene.pipe';

const hygiene = new InputHygienePipe();

/**
 * Socket.IO packet middleware (`socket.use`): the arguments of every client event pass the
 * input rules of every HTTP body (InputHygienePipe: no control characters or lone surrogates in
 * any string or key, no nesting deeper than MAX_INPUT_DEPTH, no `__proto__` / `constructor` /
 * `prototype` keys) before any gateway's handler sees them, whichever event it is and whichever
 * is added later. A refusal is answered like a handler's (answerSocketError: the code and
 * Arabic text, naming the field; nothing else of the payload) and the event goes no further.
 */
export function checkSocketInput(socket: Socket) {
  return (packet: unknown[], next: (err?: Error) => void): void => {
    const args = packet.slice(1).filter((arg) => typeof arg !== 'function');
    try {
      // One argument (every event of the contract) is checked as a body; more as a list of them.
      hygiene.transform(args.length === 1 ? args[0] : args, { type: 'body' });
    } catch (err) {
      return answerSocketError(socket, packet, describeError(err).body);
    }
    next();
  };
}
