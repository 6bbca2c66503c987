import { useTranslation } from '@/lib/i18n';
import type { ConfirmOptions } from '@/lib/notifications';
import { Button } from './button';
import { Dialog } from './dialog';

/** Seed §2: cancel and confirm; confirm runs the callback. Escape cancels. */
export function ConfirmDialog({
  options,
  onSettle,
}: {
  options: ConfirmOptions;
  onSettle: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      role="alertdialog"
      title={options.title ?? t('common.confirm')}
      onEscape={() => onSettle(false)}
      className="border-t-8 border-emerald-600"
    >
      <p className="text-slate-700">{options.message}</p>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => onSettle(false)}>
          {t('common.cancel')}
        </Button>
        <Button data-autofocus onClick={() => onSettle(true)}>
          {t('common.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
