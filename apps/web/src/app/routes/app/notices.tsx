import { ChartColumn, Gamepad2 } from 'lucide-react';
import { NoticeScreen } from '@/components/screens/notice-screen';
import { useTranslation } from '@/lib/i18n';

const ICON = 'size-8';

/** `/report/…`. */
export function ReportsRoute() {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<ChartColumn aria-hidden="true" className={ICON} />}
      title={t('notice.reportsTitle')}
      message={t('notice.comingSoon')}
    />
  );
}

/** `/game/sport`, `/game/casino`, `/game/slot`, `/game/slot/play/:id?`: provider games, not open yet. */
export function ProviderGameRoute() {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<Gamepad2 aria-hidden="true" className={ICON} />}
      title={t('notice.gameTitle')}
      message={t('notice.gameNotOpen')}
    />
  );
}
