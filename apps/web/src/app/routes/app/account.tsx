import { Navigate, useParams } from 'react-router';
import { AFTER_LOGIN_HREF } from '@/config/paths';
import { NotificationsRoute } from './notifications';
import { ChangePasswordRoute } from './password';

/** `/user/:section`: the password page (seed §2) or the notifications opt-in (issue 26); anything else leads home. */
export function AccountRoute() {
  const { section } = useParams();
  if (section === 'password') return <ChangePasswordRoute />;
  if (section === 'notifications') return <NotificationsRoute />;
  return <Navigate to={AFTER_LOGIN_HREF} replace />;
}
