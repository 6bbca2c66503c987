// Public surface of the ticket lottery (VN / TN / KH, lottery.md §1–§5 and §7): pure rules and default data.
export {
  BET_TYPE_DIGITS,
  DEFAULT_LOTTERY_LIMITS,
  DEFAULT_LOTTERY_PRICING,
  LOTTERY_BET_TYPES,
  LOTTERY_DRAW_STATUSES,
  LOTTERY_GAME_TYPES,
  LOTTERY_ITEM_STATUSES,
  LOTTERY_POST_LETTERS,
  LOTTERY_RESULT_SOURCES,
  LOTTERY_SHEET_ALGORITHM,
  LOTTERY_TICKET_STATUSES,
  ROLL,
  SHEET_LAYOUTS,
  type LotteryBetType,
  type LotteryDrawStatus,
  type LotteryGameType,
  type LotteryItemStatus,
  type LotteryLimits,
  type LotteryPost,
  type LotteryPostLetter,
  type LotteryPricing,
  type LotteryResultSource,
  type LotteryTicketStatus,
  type SheetLayout,
} from './constants';
export {
  POST_LINES,
  SHEET_LINES,
  lineCodesOfPost,
  postLettersOf,
  postLineCount,
  postLineCounts,
  postOfLine,
  sheetLineCount,
  type SheetLineGroup,
} from './layouts';
export {
  LOTTERY_ERROR_CODES,
  NUMBER_TOKEN_PROBLEMS,
  lotteryErrorMessage,
  type LotteryError,
  type LotteryErrorCode,
  type NumberTokenProblem,
  type PostProblem,
} from './errors';
export { digitPermutations, parseLotteryNumbers, type NumbersInput } from './numbers';
export { parseLotteryPosts } from './posts';
export { itemLines, itemMoney, ticketTotals, type ItemMoney } from './money';
export {
  lotterySheet,
  lotterySheetTrace,
  sheetBlockMessage,
  sheetFromNumbers,
  type SheetLine,
  type SheetStep,
} from './sheet';
export { itemHits, itemPayout, sheetHitter, type LotteryHit } from './settlement';
export {
  fractionPercentText,
  lotteryBetTypesAtOrAbove100,
  LOTTERY_RTP_TABLE_RATES,
  lotteryRtp,
  lotteryRtpFullTable,
  lotteryRtpTable,
  type LotteryFraction,
  type LotteryRtpRow,
} from './rtp';
export {
  checkBalance,
  checkBeforeCutoff,
  checkItemCount,
  checkLotteryAmount,
  checkNumberExposure,
  worstLinePayout,
} from './limits';
export {
  DEFAULT_FAST_TN_CUTOFF_SECONDS,
  DEFAULT_LOTTERY_SCHEDULE,
  LOTTERY_TIME_ZONE,
  LOTTERY_WEEKDAYS,
  checkLotterySchedule,
  fastTnDrawsAfter,
  fastTnPeriod,
  isoInTimeZone,
  lotteryDrawCode,
  lotteryDrawsOfDay,
  secondsToCutoff,
  type FastTnSchedule,
  type LotteryScheduleEntry,
  type ScheduledDraw,
  type LotteryWeekday,
} from './schedule';
