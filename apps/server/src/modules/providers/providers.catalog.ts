import type { SlotGame } from '@lotto59/contract';
import type { Config } from '../../config';
import type { ProviderCode } from './providers.table';

// What this version knows of its providers (providers.md §1, §5, §7): ids, wallet modes, game codes and
// the published figures. Amounts are whole riel.

export const PROVIDER_CODES = ['2', '3', '4', '5', 'sport'] as const satisfies readonly ProviderCode[];

export function isProviderCode(value: string): value is ProviderCode {
  return (PROVIDER_CODES as readonly string[]).includes(value);
}

export interface ProviderInfo {
  code: ProviderCode;
  /** Fixed per provider id (Hub88: a site uses one wallet kind per sub-partner). */
  walletMode: 'SEAMLESS' | 'TRANSFER';
  kind: 'casino' | 'slots' | 'fishing' | 'sport';
  games: readonly string[];
}

export const PROVIDERS: Readonly<Record<ProviderCode, ProviderInfo>> = {
  '2': { code: '2', walletMode: 'SEAMLESS', kind: 'casino', games: ['baccarat'] },
  '3': { code: '3', walletMode: 'SEAMLESS', kind: 'slots', games: ['angkor-fortune'] },
  '4': { code: '4', walletMode: 'TRANSFER', kind: 'fishing', games: ['ocean-dragon'] },
  '5': { code: '5', walletMode: 'SEAMLESS', kind: 'fishing', games: ['ocean-dragon'] },
  sport: { code: 'sport', walletMode: 'SEAMLESS', kind: 'sport', games: ['demo-league'] },
};

/** A bet's largest payout over its stake, as a fraction (the slot's is 218.5). */
export interface Multiple {
  numerator: number;
  denominator: number;
}

/**
 * How many `win` calls one bet may have (decision 0042, our reading of providers.md §3): one, or several
 * whose sum never exceeds the game's maximum multiple of the bet's stake.
 */
export type WinRule = { wins: 'ONE' } | { wins: 'SEVERAL'; maxMultiple: Multiple };

/**
 * What each game declares to the wallet about its wins (providers.md §7). Every demo game sends one `win`
 * per `bet`: a spin, a baccarat round, a fishing magazine (its captures and the refund of unfired bullets
 * together) and a sport slip each settle in one call, so none declares several. The maximum multiples come
 * from the published maths, and are what the wallet holds a game to once it declares several wins.
 */
export const GAME_WINS: Readonly<Record<string, { wins: WinRule['wins']; maxMultiple: Multiple }>> = {
  // §7.1: the largest single-spin win is 218.5 × the total bet.
  'angkor-fortune': { wins: 'ONE', maxMultiple: { numerator: 437, denominator: 2 } },
  // §7.2: no bet pays more than a PAIR, 11:1 with its stake back, so a round pays at most 12 × its stake.
  baccarat: { wins: 'ONE', maxMultiple: { numerator: 12, denominator: 1 } },
  // §7.3: a captured shot pays at most 300 × its cost (F300, the dragon's top multiplier); an unfired
  // bullet comes back at 1 ×.
  'ocean-dragon': { wins: 'ONE', maxMultiple: { numerator: 300, denominator: 1 } },
  // §7.4: a slip's potential payout is at most 50,000,000 ៛ on a stake of at least 1,000 ៛.
  'demo-league': { wins: 'ONE', maxMultiple: { numerator: 50_000, denominator: 1 } },
};

/** The win rule of a game; a game the catalog does not know gets one win per bet, the strict rule. */
export function winRuleOf(gameCode: string): WinRule {
  const game = GAME_WINS[gameCode];
  return game?.wins === 'SEVERAL' ? { wins: 'SEVERAL', maxMultiple: game.maxMultiple } : { wins: 'ONE' };
}

/** The ledger account of a provider (migration 0005, wallet SYSTEM_ACCOUNTS). */
export const providerAccount = (code: ProviderCode) => ({ system: `provider:${code}` as const });

/**
 * The slot list of `GET /api/external/3/list` (providers.md §5, §7.1). RTP is configuration
 * (providers.md "Settled choices"); the bet range is the total bet per spin: 20 lines × 50 … 2,500 ៛.
 */
export function slotGames(config: Pick<Config, 'PROVIDER_SLOT_RTP' | 'PROVIDER_DEMO_URL'>): SlotGame[] {
  return [
    {
      code: 'angkor-fortune',
      name: 'Angkor Fortune',
      name_km: 'សំណាងអង្គរ',
      lines: 20,
      rtp: config.PROVIDER_SLOT_RTP,
      min_bet: 1_000,
      max_bet: 50_000,
      thumbnail: `${config.PROVIDER_DEMO_URL}/assets/angkor-fortune.svg`,
    },
  ];
}

/**
 * The demo games' published returns (providers.md §7), as `ops providers rtp` prints them. Baccarat's
 * figures follow from its rules (exact enumeration, providers.md §7.2) and are not configuration.
 */
export function publishedReturns(config: Pick<Config, 'PROVIDER_SLOT_RTP' | 'PROVIDER_FISHING_RTP'>) {
  return [
    { provider: '3', game: 'angkor-fortune', bet: 'spin', rtp: `${config.PROVIDER_SLOT_RTP} %` },
    { provider: '2', game: 'baccarat', bet: 'PLAYER 1:1', rtp: '98.7649 % (edge 1.2351 %)' },
    { provider: '2', game: 'baccarat', bet: 'BANKER 0.95:1', rtp: '98.9421 % (edge 1.0579 %)' },
    { provider: '2', game: 'baccarat', bet: 'TIE 8:1', rtp: '85.6404 % (edge 14.3596 %)' },
    { provider: '2', game: 'baccarat', bet: 'PAIR 11:1', rtp: '89.6386 % (edge 10.3614 %)' },
    { provider: '4/5', game: 'ocean-dragon', bet: 'shot', rtp: `${config.PROVIDER_FISHING_RTP} %` },
    { provider: 'sport', game: 'demo-league', bet: '1X2', rtp: 'target 95 % (mean 94.83 %)' },
    { provider: 'sport', game: 'demo-league', bet: 'AH, O/U', rtp: 'target 96 % (mean 95.79 / 95.77 %)' },
  ] as const;
}
