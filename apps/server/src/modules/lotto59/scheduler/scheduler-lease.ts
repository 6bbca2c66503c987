// The lease moved to db/scheduler-lease.ts so that the ticket lottery's worker is elected the same way.
export { createSchedulerLease, type SchedulerLease } from '../../../db/scheduler-lease';
