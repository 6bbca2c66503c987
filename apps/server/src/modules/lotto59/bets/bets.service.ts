import type { PlaceBetRequest, PlaceBetResponse, PlaceJackpotRequest } from '@lotto59/contract';
import type { EventBus } from '../../../platform/event-bus';
import type { MaintenanceService } from '../../maintenance/maintenance.service';
import { planBets, planJackpot, type BetPlan } from './bet-plan';
import type { BetWriter } from './bets.kysely-writer';
import type { Lotto59Settings } from '../lotto59.settings';

/**
 * Bet placement (`POST /api/bet`, `POST /api/bet/jackpot`): validates and expands the submission (pure),
 * then hands it to the writer, which writes it all or nothing — round check, ONE stake transfer, the
 * group row that records the idempotency key, the bet rows — and tells the player's screens the balance.
 */
export class BetsService {
  constructor(
    private readonly writer: BetWriter,
    private readonly maintenance: MaintenanceService,
    private readonly events: EventBus,
    private readonly settings: Lotto59Settings,
  ) {}

  async place(playerId: number, idempotencyKey: string, body: PlaceBetRequest): Promise<PlaceBetResponse> {
    if (this.maintenance.isOnNow() !== false) await this.maintenance.assertOpen();
    return this.submit(playerId, idempotencyKey, planBets(body, this.settings));
  }

  async placeJackpot(
    playerId: number,
    idempotencyKey: string,
    body: PlaceJackpotRequest,
  ): Promise<PlaceBetResponse> {
    if (this.maintenance.isOnNow() !== false) await this.maintenance.assertOpen();
    return this.submit(playerId, idempotencyKey, planJackpot(body, this.settings));
  }

  private async submit(playerId: number, key: string, plan: BetPlan): Promise<PlaceBetResponse> {
    const { response, replayed } = await this.writer.write(playerId, key, plan);
    if (!replayed) this.events.publish({ type: 'balance', playerId, data: { balance: response.balance } });
    return response;
  }
}
