import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import type { ToastOptions } from '@/lib/notifications';
import { Spinner } from './spinner';

/**
 * Seed §2 status toast (it hides itself after 850 ms: see `notifications.toast`). Loading shows a spinner
 * and "the draw is loading"; error and success have their icons. Errors are announced at once.
 */
export function StatusToast({ options }: { options: ToastOptions }) {
  const { t } = useTranslation();
  const { status } = options;
  const message =
    options.message ??
    (status === 'LOADING'
      ? t('toast.loading')
      : status === 'ERROR'
        ? t('errors.generic')
        : t('toast.success'));
  const tone = status === 'ERROR' ? 'bg-red-700' : status === 'LOADING' ? 'bg-slate-800' : 'bg-emerald-700';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-4 print:hidden">
      <div
        role={status === 'ERROR' ? 'alert' : 'status'}
        data-status={status}
        className={`flex max-w-md items-center gap-2 rounded-full px-5 py-3 font-semibold text-white shadow-lg ${tone}`}
      >
        {status === 'LOADING' && <Spinner />}
        {status === 'ERROR' && <CircleAlert aria-hidden="true" className="size-5" />}
        {status === 'SUCCESS' && <CircleCheck aria-hidden="true" className="size-5" />}
        <span>{message}</span>
      </div>
    </div>
  );
}
