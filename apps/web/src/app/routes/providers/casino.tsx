import { GameFrame } from '@/features/providers/components/game-frame';
import { CasinoReport } from '@/features/providers/components/casino-report';
import { gameName, useProviderTranslation } from '@/features/providers/i18n';
import { useRefetchUserOnLeave } from './refetch-user-on-leave';

/** `/game/casino`: baccarat, the one table game of this version (providers.md). */
export function CasinoRoute() {
  const { t } = useProviderTranslation();
  useRefetchUserOnLeave();
  return <GameFrame provider={2} gameCode="baccarat" name={gameName('baccarat', t)} />;
}

/** `/report/casino`. */
export function CasinoReportRoute() {
  return <CasinoReport />;
}
