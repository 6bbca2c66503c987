import { LogOut } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useLogout } from '../api/logout';

/** Signs out; the route guard then sends the player to the login page. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="space-y-2">
      <Button variant="secondary" isPending={logout.isPending} onClick={() => logout.mutate()}>
        {!logout.isPending && <LogOut aria-hidden="true" className="size-4" />}
        {t('auth.logout')}
      </Button>
      {logout.isError && <AlertMessage>{t('errors.generic')}</AlertMessage>}
    </div>
  );
}
