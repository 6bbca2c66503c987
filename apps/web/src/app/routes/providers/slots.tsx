import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { GameFrame } from '@/features/providers/components/game-frame';
import { SlotList } from '@/features/providers/components/slot-list';
import { gameName, useProviderTranslation } from '@/features/providers/i18n';
import { useRefetchUserOnLeave } from './refetch-user-on-leave';

/** `/game/slot`. */
export function SlotListRoute() {
  return <SlotList playHref={(code) => paths.game.slotPlay.getHref(code)} />;
}

/** `/game/slot/play/{code}`: without a code there is nothing to launch, so back to the list. */
export function SlotPlayRoute() {
  const { id } = useParams();
  const { t } = useProviderTranslation();
  useRefetchUserOnLeave();
  if (!id) return <Navigate to={paths.game.slot.getHref()} replace />;
  // A key per game: another game is another visit, with its own launch.
  return <GameFrame key={id} provider={3} gameCode={id} name={gameName(id, t)} />;
}
