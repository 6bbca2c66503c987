import { PASSWORD_MAX, PASSWORD_MIN, type ChangePasswordRequest } from '@lotto59/contract';
import { useRef, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/error-message';
import { isHttpError } from '@/lib/http-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

const FIELDS = ['old_password', 'new_password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** The rules the player can be told at once, in their language (decisions §6); the server checks them all. */
export function validatePasswordChange(values: ChangePasswordRequest, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (values.old_password === '') errors.old_password = t('password.oldRequired');
  const length = [...values.new_password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    errors.new_password = t('password.newLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  } else if (values.new_password === values.old_password) {
    errors.new_password = t('password.newSameAsOld');
  }
  if (values.confirm !== values.new_password) errors.confirm = t('password.confirmMismatch');
  return errors;
}

/**
 * A 422's fields, each with its reason in the player's language. The server's messages are English for
 * operators; what it can still refuse after the checks above is known per field: a wrong old password, a new
 * password too easy to guess, a confirmation that does not match.
 */
const SERVER_FIELD_MESSAGE_KEY = {
  old_password: 'fieldErrors.oldPasswordIncorrect',
  new_password: 'fieldErrors.newPasswordRejected',
  confirm: 'password.confirmMismatch',
} as const;

function serverFieldErrors(error: unknown, t: TFunction): FieldErrors {
  if (!isHttpError(error, 422)) return {};
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    if (error.errors[field]?.[0] !== undefined) errors[field] = t(SERVER_FIELD_MESSAGE_KEY[field]);
  }
  return errors;
}

function generalError(error: unknown, fieldErrors: FieldErrors, t: TFunction): string | null {
  if (!error || Object.keys(fieldErrors).length > 0) return null;
  if (isHttpError(error) && AUTH_ENDED.includes(error.status)) return null; // The "log in again" alert says it.
  return errorMessageOf(error, t);
}

const AUTH_ENDED: readonly number[] = [401, 411, 419];

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const fieldErrors = { ...serverFieldErrors(change.error, t), ...clientErrors };
  const general = generalError(change.error, fieldErrors, t);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      old_password: String(data.get('old_password') ?? ''),
      new_password: String(data.get('new_password') ?? ''),
      confirm: String(data.get('confirm') ?? ''),
    };
    const errors = validatePasswordChange(values, t);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      change.reset();
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        form.current?.reset();
        notifications.alert({ status: 'SUCCESS', message: t('password.changed') });
      },
    });
  }

  return (
    <form ref={form} noValidate onSubmit={handleSubmit} className="space-y-4">
      {general && <AlertMessage>{general}</AlertMessage>}
      <PasswordField
        label={t('password.old')}
        name="old_password"
        autoComplete="current-password"
        required
        error={fieldErrors.old_password}
      />
      <PasswordField
        label={t('password.new')}
        name="new_password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        error={fieldErrors.new_password}
      />
      <PasswordField
        label={t('password.confirm')}
        name="confirm"
        autoComplete="new-password"
        required
        error={fieldErrors.confirm}
      />
      <p className="text-sm text-slate-600">{t('password.hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</p>
      <Button type="submit" isPending={change.isPending} className="w-full">
        {t('password.submit')}
      </Button>
    </form>
  );
}
