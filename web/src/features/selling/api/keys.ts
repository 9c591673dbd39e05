/** Query keys of the selling screens (their auction reads and writes are the auctions feature's keys). */
export const sellingKeys = {
  all: ['selling'] as const,
  editable: (id: string) => [...sellingKeys.all, 'auction', id] as const,
};
