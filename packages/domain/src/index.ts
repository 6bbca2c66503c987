// Public surface of @lotto59/domain: pure rules and constants, no I/O, no clock, no randomness of its own.
export * from './control/control';
export * from './ids/idempotency-key';
export * from './money/riel';
export * from './format/format';
export * from './time/local-day';
export * from './lotto59';
export * from './lotto59/bet-slip';
export * from './lotto59/number-picks';
export * from './lotto59/result-grid';
export * from './lotto59/stake-key';
export * from './lottery';
export * from './web-rules/winners-banner';
export * from './web-rules/player-cookies';
export * from './web-rules/pools';
export * from './web-rules/favourites';
export * from './responsible-gaming';
