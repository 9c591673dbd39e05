export * from './api';
export * from './auction-status';
export * from './categories';
export * from './durations';
export * from './errors';
export * from './limits';
export * from './money';
export * from './socket-events';
