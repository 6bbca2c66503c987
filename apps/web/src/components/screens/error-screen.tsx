import { TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { StatusScreen } from './status-screen';

/** Something failed before a page could show (the user detail call, a route module that did not load). */
export function ErrorScreen({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<TriangleAlert aria-hidden="true" className="size-8" />}
      title={t('errorScreen.title')}
      message={t('errorScreen.message')}
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}
