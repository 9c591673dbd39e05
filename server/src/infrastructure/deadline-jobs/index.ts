export { DeadlineJobs } from './deadline-jobs';
export type { DeadlineJobData, PendingDeadline } from './deadline-jobs';
