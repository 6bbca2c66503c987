import { useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isHttpError } from '@/lib/http-client';
import { rgRefusalAlert } from '@/lib/rg-refusal';
import { useLaunchUrl, type LaunchPlatform, type LaunchProvider } from '../api/get-launch-url';
import { useProviderTranslation } from '../i18n';
import { useStudioStakeRefusals } from '../lib/studio-stake-refusals';

/** Below this width the studio gets its phone layout. */
const MOBILE_QUERY = '(max-width: 767px)';

function platformNow(): LaunchPlatform {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches
    ? 'mobile'
    : 'desktop';
}

/**
 * A provider game in a full-height frame. The launch URL is fetched on every visit (providers.md §5) with
 * the platform of this viewport and the app's language. The route refetches the user detail when the player
 * leaves (app/routes/providers/refetch-user-on-leave.ts).
 */
export function GameFrame({
  provider,
  gameCode,
  name,
  fullScreen = false,
  frameRef,
}: {
  provider: LaunchProvider;
  gameCode?: string;
  /** The game's name in the current language: the frame's title and the loading text. */
  name: string;
  /** The whole viewport (the fishing play screen has no top bar, seed §2). */
  fullScreen?: boolean;
  /** The iframe, for a route that talks to the game (the fishing leave handshake, lib/finish-game.ts). */
  frameRef?: RefObject<HTMLIFrameElement | null>;
}) {
  const height = fullScreen ? 'h-dvh' : 'h-[calc(100dvh-3.5rem)]';
  const { t, language } = useProviderTranslation();
  // Chosen once per visit: turning the phone must not relaunch the game under the player's hands.
  const [platform] = useState(platformNow);
  const launch = useLaunchUrl({ provider, gameCode, platform, lang: language });
  // The game says when our wallet refused a stake by the player's limits; the room left is shown here.
  const ownFrame = useRef<HTMLIFrameElement | null>(null);
  const frame = frameRef ?? ownFrame;
  useStudioStakeRefusals(frame, language);

  if (launch.isPending) {
    return (
      <div
        role="status"
        className={`flex ${height} flex-col items-center justify-center gap-3 text-emerald-700`}
      >
        <Spinner className="size-8" />
        <span>{t('frame.opening', { name })}</span>
      </div>
    );
  }
  if (launch.isError) {
    const signedOut = isHttpError(launch.error) && [401, 411, 419].includes(launch.error.status);
    // A break or a self-exclusion refuses the launch: say until when, and link the limits page (a retry
    // would only be refused again).
    const rg = rgRefusalAlert(launch.error, language);
    // Full screen: below the play page's leave button (top-16, 44 px tall), the dark page down to the bottom.
    const place = fullScreen ? 'min-h-dvh pt-32' : '';
    return (
      <div className={`mx-auto max-w-md space-y-3 p-6 ${place}`} data-testid="game-frame-error">
        <AlertMessage>
          {rg?.message ?? (signedOut ? t('frame.noSession') : t('frame.failed', { name }))}
        </AlertMessage>
        {rg?.link ? (
          <Link to={rg.link.href} className="inline-block font-semibold text-emerald-700 underline">
            {rg.link.label}
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => void launch.refetch()}>
            {t('frame.retry')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <iframe
      ref={frame}
      key={launch.data.url}
      title={name}
      src={launch.data.url}
      allow="autoplay; fullscreen"
      // Scripts and its own origin for the game; forms for its bet panel. No top navigation, no pop-ups.
      sandbox="allow-scripts allow-same-origin allow-forms"
      className={`block ${height} w-full border-0 bg-slate-950`}
      data-testid="game-frame"
    />
  );
}
