import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
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
  );
}

/**
 * Where the toasts stand: at the bottom, above any bar a screen pins there (`--bottom-bar-height`, set by
 * the lotto 59 bet bar), so that no toast covers the round header and its countdown, nor the bar's own.
 */
export function ToastStack({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="toast-stack"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bar-height,0px)+0.75rem)] z-40 flex flex-col items-center gap-2 px-4 print:hidden"
    >
      {children}
    </div>
  );
}
