// Public surface of @lotto59/contract: the zod schema of every request and response, and the error codes.
export * from './errors/error-codes';
export * from './errors/error-body';
export * from './common/envelope';
export * from './auth/auth.schemas';
export * from './user/user.schemas';
export * from './transactions/transactions.schemas';
export * from './lotto59/bets.schemas';
export * from './lotto59/results.schemas';
export * from './lotto59/tickets.schemas';
export * from './lotto59/config.schemas';
export * from './analytics/analytics.limits';
export * from './analytics/analytics.schemas';
export * from './providers/launch.schemas';
export * from './providers/casino-report.schemas';
export * from './providers/fishing.schemas';
export * from './providers/wallet-protocol.schemas';
export * from './lottery/lottery.schemas';
