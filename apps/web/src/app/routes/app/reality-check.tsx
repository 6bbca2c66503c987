import { paths } from '@/config/paths';
import { NearLimitNotice } from '@/features/responsible-gaming/components/near-limit-notice';
import { RealityCheck } from '@/features/responsible-gaming/components/reality-check';

/** The reality check over every signed-in page and game (loaded beside the page by `RealityCheckLayout`). */
export function RealityCheckOverlay() {
  return <RealityCheck logoutHref={paths.auth.logout.getHref()} />;
}

/** The lotto 59 board's quiet notice at 80 % of a limit. */
export function BoardNearLimitNotice() {
  return <NearLimitNotice limitsHref={paths.user.limits.getHref()} />;
}
