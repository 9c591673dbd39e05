/** Query keys of the content pages. */
export const contentKeys = {
  announcement: () => ['announcement-content'] as const,
};
