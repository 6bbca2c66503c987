import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StatusScreen } from './status-screen';

/** Seed §2: shown when `GET /api/user` answers 503; the button reloads the start page. */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<Construction aria-hidden="true" className="size-8" />}
      title={t('maintenance.title')}
      message={t('maintenance.message')}
      action={
        <Button onClick={() => window.location.assign(paths.home.getHref())}>
          {t('maintenance.backToStart')}
        </Button>
      }
    />
  );
}
