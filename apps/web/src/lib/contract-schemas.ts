// The contract's response schemas the web app parses with. Only `schemas.ts` imports this file, dynamically,
// so zod and the schemas load on the first answer that needs them, not with the start-up bundle.
export {
  changePasswordResponseSchema,
  okBodySchema,
  transactionListSchema,
  userDetailSchema,
} from '@lotto59/contract';
