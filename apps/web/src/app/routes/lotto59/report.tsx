import { BetReport } from '@/features/lotto59/components/report/bet-report';

/** `/report/lotto/59`. */
export function Lotto59ReportRoute() {
  return <BetReport />;
}
