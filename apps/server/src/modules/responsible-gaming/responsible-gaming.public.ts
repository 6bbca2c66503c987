// Responsible gaming's public surface (shared/spec/responsible-gaming.md): what other modules call at
// their debits, payouts and launches, and the player's and the operator's service.
export { RG_COUNTED, RG_STAKE_TAKEN, RgGuard, rgRefusal } from './rg.guard';
export { RgService } from './rg.service';
export { rgBatchCtes } from './rg.pg-batch.repository';
