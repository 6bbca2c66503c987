import { formatRiel, formatTicketId, SMALL_JACKPOT_TIER } from '@lotto59/domain';
import { Trophy, X } from 'lucide-react';
import { useTranslation, type TFunction } from '@/lib/i18n';
import type { BannerOptions, Winner } from '@/lib/notifications';

/** Seed §2: "ticket number {bet_id} won the tier jackpot with an amount". */
export function winnerLine(winner: Winner, t: TFunction): string {
  const tier =
    winner.diff === SMALL_JACKPOT_TIER ? t('winners.smallJackpot') : t('winners.tier', { tier: winner.diff });
  return t('winners.line', {
    ticket: formatTicketId(winner.bet_id),
    tier,
    amount: formatRiel(winner.price),
  });
}

/**
 * Seed §2 scrolling winners banner: the winner lines and/or a message, moving from right to left (still for
 * players who ask for reduced motion). It hides itself (seed §4 timers, see `notifications.showBanner`).
 */
export function WinnersBanner({ options, onClose }: { options: BannerOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const lines = [
    ...(options.message ? [options.message] : []),
    ...(options.winners ?? []).map((w) => winnerLine(w, t)),
  ];
  return (
    <section
      aria-label={t('winners.label')}
      // A fixed height: the signed-in layout moves the page and the side menu down by it while the banner shows
      // (app/layout/main-layout.tsx), so it never covers the round header.
      className="fixed inset-x-0 top-14 z-30 flex h-13 items-center gap-2 bg-amber-400 pr-1 pl-3 text-amber-950 shadow print:hidden"
    >
      <Trophy aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1 overflow-hidden">
        <p
          role="status"
          className="animate-marquee inline-block whitespace-nowrap font-semibold motion-safe:pl-[100%] motion-reduce:animate-none"
        >
          {lines.join('   •   ')}
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('common.close')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-amber-950"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </section>
  );
}
