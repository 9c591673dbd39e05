import type { FastifyRequest } from 'fastify';
import { routeLabel, UNMATCHED_ROUTE } from './http-metrics';

const requestFor = (url: string | undefined) => ({ routeOptions: { url } }) as Pick<FastifyRequest, 'routeOptions'>;

describe('the route label of mazad_http_request_duration_seconds', () => {
  it('is the route pattern the request matched, never its URL', () => {
    expect(routeLabel(requestFor('/api/auctions/:id'))).toBe('/api/auctions/:id');
  });

  it('is "unmatched" when no route matched (any URL, one series)', () => {
    expect(routeLabel(requestFor(undefined))).toBe(UNMATCHED_ROUTE);
  });
});
