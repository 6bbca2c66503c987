import type { LoginRequest } from '@lotto59/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessageOf } from '@/lib/error-message';
import { isHttpError } from '@/lib/http-client';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { preloadSchemas } from '@/lib/schemas';
import { type LoggedIn, useLogin } from '../api/login';

const LOGIN_FIELDS = ['username', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];
type LoginFieldErrors = Partial<Record<LoginField, string>>;

const SECONDS_PER_MINUTE = 60;

const REQUIRED_MESSAGE_KEY = {
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
} as const satisfies Record<LoginField, string>;

/**
 * Empty fields get a Khmer message at once, without a call. Everything else (lengths, wrong credentials) is
 * the server's to judge, with the contract's schema; its 422 lands on the field it names.
 */
function validate(values: LoginRequest, t: TFunction): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  for (const field of LOGIN_FIELDS) {
    if (values[field].trim() === '') errors[field] = t(REQUIRED_MESSAGE_KEY[field]);
  }
  return errors;
}

/**
 * Field messages of a 422, in the player's language: wrong credentials, or a value the server's rules refuse
 * (its English text is for operators).
 */
function serverFieldErrors(error: unknown, t: TFunction): LoginFieldErrors {
  if (!isHttpError(error, 422)) return {};
  const errors: LoginFieldErrors = {};
  for (const field of LOGIN_FIELDS) {
    if (error.errors[field]?.[0] === undefined) continue;
    errors[field] =
      error.code === 'INVALID_CREDENTIALS' ? t('login.invalidCredentials') : t('fieldErrors.invalid');
  }
  return errors;
}

/** The message above the form for every failure that is not about one field. */
function generalErrorMessage(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (!isHttpError(error)) return t('errors.generic');
  if (error.status === 422 && Object.keys(serverFieldErrors(error, t)).length > 0) return null;
  if (error.code === 'INVALID_CREDENTIALS') return t('login.invalidCredentials');
  if (error.status === 429) {
    const seconds = error.retryAfterSeconds;
    if (seconds === null || seconds <= 0) return t('login.tooManyAttempts');
    if (seconds < SECONDS_PER_MINUTE) return t('login.tooManyAttemptsSeconds', { count: seconds });
    return t('login.tooManyAttemptsMinutes', { count: Math.ceil(seconds / SECONDS_PER_MINUTE) });
  }
  if (error.status === 503) return t('errors.maintenance');
  if (error.code === 'TIMEOUT') return t('errors.timeout');
  if (error.code === 'NETWORK_ERROR') return t('errors.network');
  return errorMessageOf(error, t);
}

export function LoginForm({
  onLoggedIn,
}: { onLoggedIn?: (loggedIn: LoggedIn) => void | Promise<void> } = {}) {
  const { t } = useTranslation();
  const login = useLogin(onLoggedIn);
  const [clientErrors, setClientErrors] = useState<LoginFieldErrors>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  // The answer to a login is parsed with the contract's schemas: fetch them while the player types.
  useEffect(preloadSchemas, []);

  const fieldErrors = { ...serverFieldErrors(login.error, t), ...clientErrors };
  const generalError = generalErrorMessage(login.error, t);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    };
    const errors = validate(values, t);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      login.reset();
      return;
    }
    login.mutate(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {generalError && <AlertMessage>{generalError}</AlertMessage>}
      <TextField
        label={t('login.username')}
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        error={fieldErrors.username}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type={passwordVisible ? 'text' : 'password'}
        autoComplete="current-password"
        required
        error={fieldErrors.password}
        trailing={
          <button
            type="button"
            onClick={() => setPasswordVisible((visible) => !visible)}
            className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            {passwordVisible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {passwordVisible ? t('login.hidePassword') : t('login.showPassword')}
          </button>
        }
      />
      <Button type="submit" isPending={login.isPending} className="w-full text-lg">
        {t('login.submit')}
      </Button>
    </form>
  );
}
