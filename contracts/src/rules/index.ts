export * from './auction-facts';
export * from './anti-sniping';
export * from './bid-rules';
export * from './bid-review';
export * from './max-bids';
export * from './offer-state';
export * from './party-rules';
export * from './notice-preferences';
