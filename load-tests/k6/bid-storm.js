// k6 bid storm against a running deployment (k6 is not on our machines; `npm run bench` is the
// Node runner we use here). Needs a hot auction and member tokens, e.g. from the Node runner's
// environment, or a demo deployment with RATE_LIMITS=off:
//
//   k6 run -e BASE_URL=http://localhost:3000 -e AUCTION_ID=<uuid> -e TOKENS=<t1,t2,…> \
//          -e RATE=1200 -e DURATION=30s -e START_FILS=1000 load-tests/k6/bid-storm.js
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import exec from 'k6/execution';

const accepted = new Counter('bids_accepted');
const rejected = new Counter('bids_rejected');
const latency = new Trend('bid_latency', true);
const tokens = (__ENV.TOKENS || '').split(',').filter(Boolean);

export const options = {
  scenarios: {
    storm: {
      executor: 'constant-arrival-rate', // an open model: the offered rate holds whatever the latency
      rate: Number(__ENV.RATE || 1200),
      timeUnit: '1s',
      duration: __ENV.DURATION || '30s',
      preAllocatedVUs: 200,
      maxVUs: 1000,
    },
  },
  thresholds: { bid_latency: ['p(99)<50'], http_req_failed: ['rate<0.01'] },
};

export default function () {
  const i = exec.scenario.iterationInTest;
  // Increasing amounts, 10 fils apart: most offered bids are acceptable, reordering rejects some.
  const amount = (Number(__ENV.START_FILS || 1000) + (i + 1) * 10) / 1000;
  const res = http.post(`${__ENV.BASE_URL}/api/auctions/${__ENV.AUCTION_ID}/bid`, JSON.stringify({ amount }), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[i % tokens.length]}` },
    responseCallback: http.expectedStatuses(200, 400),
  });
  latency.add(res.timings.duration);
  if (res.status === 200) accepted.add(1);
  else rejected.add(1);
  check(res, { 'answered 200 or BID_TOO_LOW': (r) => r.status === 200 || r.json('code') === 'BID_TOO_LOW' });
}
