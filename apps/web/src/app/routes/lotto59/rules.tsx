import { paths } from '@/config/paths';
import { GameRules } from '@/features/lotto59/components/rules/game-rules';

/** `/game/lotto/59/rules`: bet types, exact odds and returns, and the draw in plain words. */
export function Lotto59RulesRoute() {
  return <GameRules boardHref={paths.game.lotto59.getHref()} limitsHref={paths.user.limits.getHref()} />;
}
