import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import type { Language } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { rgDecisionAlert, rgStakeRefusal } from '@/lib/rg-refusal';
import { rgStateQuery } from '@/lib/rg-state';
import { gameWindowOf } from './finish-game';

/*
 * A studio's game tells the page around it when our wallet refused a stake because of the player's account
 * (apps/demo-provider/web/src/shared/host.ts). The game can only say "over your limit"; this page knows the
 * player's limits, so it shows what every refusal by a limit shows in our own games: the room left (or when
 * play resumes) and the link to the limits page (responsible-gaming.md §5).
 */

/** The message's type, as the studio's page posts it. */
export const STAKE_REFUSED_MESSAGE = 'studio:stake-refused';

export interface StakeRefused {
  code: 'LIMIT_REACHED' | 'USER_DISABLED';
  amount: number;
}

/** The refusal a message holds, checked field by field: a message is input from another origin. */
export function stakeRefusedOf(data: unknown): StakeRefused | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, code, amount } = data as Record<string, unknown>;
  if (type !== STAKE_REFUSED_MESSAGE) return undefined;
  if (code !== 'LIMIT_REACHED' && code !== 'USER_DISABLED') return undefined;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return undefined;
  return { code, amount };
}

/**
 * Listens to the game in `frame` while mounted. On a refusal it reads the player's limits afresh (the refused
 * stake was not counted, so the rule gives the same answer the wallet gave) and alerts when they refuse the
 * stake. When they allow it the wallet refused for another reason, which the game says itself.
 */
export function useStudioStakeRefusals(frame: RefObject<HTMLIFrameElement | null>, language: Language): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const game = gameWindowOf(frame.current);
      if (!game || event.source !== game.target || event.origin !== game.origin) return;
      const refused = stakeRefusedOf(event.data);
      if (!refused) return;
      void queryClient
        .fetchQuery({ ...rgStateQuery(), staleTime: 0 })
        .then((state) => {
          const refusal = rgStakeRefusal(state, refused.amount, Date.now());
          if (refusal)
            notifications.alert({ ...rgDecisionAlert(refusal, language), key: 'studio-stake-refused' });
        })
        // Without the limits the game's own message stands; there is nothing truer to add.
        .catch(() => undefined);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, language, queryClient]);
}
