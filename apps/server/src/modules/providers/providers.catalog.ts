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
