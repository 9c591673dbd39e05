export { DeadlineJobs } from './deadline-jobs';
export type { DeadlineJobData, DeadlineJobOptions, PendingDeadline } from './deadline-jobs';
