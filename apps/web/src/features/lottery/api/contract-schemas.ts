// The contract's lottery response schemas the web app parses with. Only `schemas.ts` imports this file,
// dynamically, so they load with the lottery screens' first answer: never with the start-up bundle nor with
// `lib/contract-schemas.ts` (which every other screen loads).
export {
  lotteryBetSchema,
  lotteryDeleteItemSchema,
  lotteryDeleteTicketSchema,
  lotteryHidePayoutSchema,
  lotteryLoadSchema,
  lotteryPayoutListSchema,
  lotteryResultSchema,
  lotteryResultTimeSchema,
  lotteryTicketItemsSchema,
  lotteryTicketListSchema,
  lotteryTimeoutSchema,
  lotteryTotalSchema,
} from '@lotto59/contract';
