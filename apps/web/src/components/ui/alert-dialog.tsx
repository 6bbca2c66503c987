import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import type { AlertOptions } from '@/lib/notifications';
import { Dialog } from './dialog';

/** Seed §2: one OK button, red for ERROR and green otherwise; the default title is the Khmer word for OK. */
export function AlertDialog({ options, onClose }: { options: AlertOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const isError = options.status === 'ERROR';
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <Dialog
      role="alertdialog"
      title={
        <span className={`flex items-center gap-2 ${isError ? 'text-red-700' : 'text-emerald-700'}`}>
          <Icon aria-hidden="true" className="size-6 shrink-0" />
          {options.title ?? t('common.ok')}
        </span>
      }
      onEscape={onClose}
      className={`border-t-8 ${isError ? 'border-red-600' : 'border-emerald-600'}`}
    >
      <p className="text-slate-700">{options.message}</p>
      {options.link && (
        // A plain link: the notifications host is drawn outside the router (a full load of the page is fine).
        <a
          href={options.link.href}
          onClick={onClose}
          className="mt-3 inline-block font-semibold text-blue-700 underline underline-offset-2"
        >
          {options.link.label}
        </a>
      )}
      <button
        type="button"
        data-autofocus
        onClick={onClose}
        data-tone={isError ? 'error' : 'success'}
        className={`mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 ${
          isError
            ? 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700'
            : 'bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700'
        }`}
      >
        {t('common.ok')}
      </button>
    </Dialog>
  );
}
