import { LimitsPage } from '@/features/responsible-gaming/components/limits-page';

/** `/user/limits`: responsible gaming (responsible-gaming.md §5). */
export function LimitsRoute() {
  return <LimitsPage />;
}
