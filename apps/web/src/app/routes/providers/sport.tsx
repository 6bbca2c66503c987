import { GameFrame } from '@/features/providers/components/game-frame';
import { SportReport } from '@/features/providers/components/sport-report';
import { gameName, useProviderTranslation } from '@/features/providers/i18n';
import { useRefetchUserOnLeave } from './refetch-user-on-leave';

/**
 * `/game/sport`: the sportsbook "Demo League" (providers.md §7.4), launched through `/api/sport/login`. The top
 * bar hides the balance here (seed §1, layout/menu.ts) and asks for it again when the player leaves.
 */
export function SportRoute() {
  const { t } = useProviderTranslation();
  useRefetchUserOnLeave();
  return <GameFrame provider="sport" name={gameName('demo-league', t)} />;
}

/** `/report/sport`. */
export function SportReportRoute() {
  return <SportReport />;
}
