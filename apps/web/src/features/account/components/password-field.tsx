import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { useAccountTranslation } from '../i18n';

/**
 * A password field with an eye toggle (issue 26, item 12): a player on a phone keyboard wants to see what they
 * typed before changing their password. The toggle names its field ("show the old password"), as three of them
 * stand on one form, and says whether it is on (`aria-pressed`).
 */
export function PasswordField({ label, ...props }: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useAccountTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          <Icon aria-hidden="true" className="size-5" />
          {/* Its name as hidden text, not `aria-label`: a search by the field's label then finds the field only. */}
          <span className="sr-only">
            {visible ? t('password.hide', { field: label }) : t('password.show', { field: label })}
          </span>
        </button>
      }
    />
  );
}
