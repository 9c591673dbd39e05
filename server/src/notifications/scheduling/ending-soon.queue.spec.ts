import { endingSoonJobId, parseStageKey, stageKey } from './ending-soon.queue';

const AUCTION = '5c18a3a4-123e-4007-b98f-bf60884ee916';

describe('ending-soon stage keys', () => {
  it('a stage key names its lead time and its auction, and its job id is ending-soon-<minutes>-<auctionId>', () => {
    expect(parseStageKey(stageKey(60, AUCTION))).toEqual({ minutes: 60, auctionId: AUCTION });
    expect(endingSoonJobId(5, AUCTION)).toBe(`ending-soon-5-${AUCTION}`);
  });

  it('a job of the one-stage reminder (the bare auction id) or a lead time no member may choose names no stage', () => {
    expect(parseStageKey(AUCTION)).toBeNull();
    expect(parseStageKey(`30-${AUCTION}`)).toBeNull();
  });
});
