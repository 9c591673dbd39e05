/** Query keys of the archive screen. */
export const archiveKeys = {
  all: (userId: string) => ['archive', userId] as const,
  stats: (userId: string) => [...archiveKeys.all(userId), 'stats'] as const,
  mine: (userId: string) => [...archiveKeys.all(userId), 'mine'] as const,
  won: (userId: string) => [...archiveKeys.all(userId), 'won'] as const,
};
