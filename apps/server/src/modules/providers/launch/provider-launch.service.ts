import type { LaunchQuery, LaunchReply, SlotGame } from '@lotto59/contract';
import { validationError } from '../../../errors/app-error';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { AuthContext } from '../../auth/auth.service';
import { PROVIDERS } from '../providers.catalog';
import type { ProviderTokens } from './provider-tokens.service';
import type { ProviderCode } from '../providers.table';

/** The seed's sound setting (a cookie of the web app): ENABLED unless it says DISABLED. */
export const SOUND_COOKIE = 'sound';

/**
 * Game launch (providers.md §5): a new game session per click, and the game page's URL carrying a
 * one-time launch code that the provider's server exchanges for the session token (decision 0011).
 */
export class ProviderLaunchService {
  constructor(
    private readonly tokens: ProviderTokens,
    private readonly config: { demoUrl: string; slotGames: readonly SlotGame[] },
    /** Responsible gaming: no token for a player on a break or excluded (responsible-gaming.md §3). */
    private readonly rg: Pick<RgGuard, 'assertMayPlay'>,
  ) {}

  slotGames(): readonly SlotGame[] {
    return this.config.slotGames;
  }

  async launch(
    auth: AuthContext,
    provider: ProviderCode,
    query: LaunchQuery,
    soundCookie: string | undefined,
  ): Promise<LaunchReply> {
    const games = PROVIDERS[provider].games;
    // `game_code` may be omitted where the provider has one game.
    const gameCode = query.game_code ?? (games.length === 1 ? games[0] : undefined);
    if (gameCode === undefined || !games.includes(gameCode)) {
      throw validationError({ game_code: ['The selected game code is invalid.'] });
    }
    await this.rg.assertMayPlay(auth.playerId);
    const minted = await this.tokens.mint({
      playerId: auth.playerId,
      authSessionId: auth.sessionId,
      provider,
      gameCode,
    });
    const params = new URLSearchParams({
      provider,
      code: minted.code,
      lang: query.lang,
      platform: query.platform,
      sound: soundCookie === 'DISABLED' ? '0' : '1',
    });
    return {
      url: `${this.config.demoUrl}/${encodeURIComponent(gameCode)}/?${params.toString()}`,
      token: minted.token,
      expires_at: new Date(minted.expiresMs).toISOString(),
    };
  }
}
