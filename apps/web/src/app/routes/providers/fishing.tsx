import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FISHING_REFETCH_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useUser, userQueryKey } from '@/features/auth/api/get-user';
import { useFishingSession, type FishingProviderId } from '@/features/providers/api/fishing';
import { FishingLobby } from '@/features/providers/components/fishing-lobby';
import { FishingReport } from '@/features/providers/components/fishing-report';
import { GameFrame } from '@/features/providers/components/game-frame';
import { fishingGameName, useProviderTranslation } from '@/features/providers/i18n';
import { finishGame, gameWindowOf } from '@/features/providers/lib/finish-game';
import { useRefetchUserOnLeave } from './refetch-user-on-leave';

const fishingProviderOf = (id: string | undefined): FishingProviderId | undefined =>
  id === '4' ? 4 : id === '5' ? 5 : undefined;

/**
 * `/game/fishing` (providers.md §4): the two fishing games. Seed §4: while a transfer is in flight
 * (`is_loading` 1) the user detail is fetched again every 3 s, so the balance comes back on its own.
 */
export function FishingRoute() {
  const queryClient = useQueryClient();
  useUser({ refetchWhileLoadingMs: FISHING_REFETCH_MS });
  return (
    <FishingLobby
      playHref={(provider) => paths.game.fishingPlay.getHref(provider)}
      onMoneyMoved={() => void queryClient.invalidateQueries({ queryKey: userQueryKey })}
    />
  );
}

/**
 * `/game/fishing/play/{4|5}`: the game full screen (seed §2), launched with the session's own token. Leaving
 * closes the session, which brings provider 4's money back to the main balance; provider 5's game is first
 * asked to settle its magazine (lib/finish-game.ts), so the balance read after the close already holds it.
 */
export function FishingPlayRoute() {
  const { id } = useParams();
  const provider = fishingProviderOf(id);
  if (provider === undefined) return <Navigate to={paths.game.fishing.getHref()} replace />;
  return <FishingPlay key={provider} provider={provider} />;
}

function FishingPlay({ provider }: { provider: FishingProviderId }) {
  const { t } = useProviderTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useRefetchUserOnLeave();
  useUser({ refetchWhileLoadingMs: FISHING_REFETCH_MS });
  const session = useFishingSession(
    provider,
    () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
  );
  const frame = useRef<HTMLIFrameElement>(null);
  const [finishing, setFinishing] = useState(false);
  const leave = async () => {
    setFinishing(true);
    if (provider === 5) await finishGame(gameWindowOf(frame.current));
    session.close.mutate(undefined, { onSettled: () => void navigate(paths.game.fishing.getHref()) });
  };
  return (
    <main className="relative bg-slate-950">
      <GameFrame
        provider={provider}
        gameCode="ocean-dragon"
        name={fishingGameName(provider, t)}
        fullScreen
        frameRef={frame}
      />
      {/* Below the game's own corner buttons (its rules at the top left, sound at the top right). */}
      <button
        type="button"
        onClick={() => void leave()}
        disabled={finishing || session.close.isPending}
        className="absolute top-16 left-2 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/90 px-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('fishing.back')}
      </button>
    </main>
  );
}

/** `/report/fishing`. */
export function FishingReportRoute() {
  return <FishingReport />;
}
