import {
  ERROR_MESSAGE,
  ERROR_STATUS,
  ERROR_STATUS_ALSO,
  type ErrorBody,
  type ErrorCode,
} from '@lotto59/contract';

/**
 * The one error type of the server. Services throw it with a code from the contract's table; the error
 * handler turns it into `{ message, code }` with the table's status. `message` is what the player sees
 * (some are fixed by seed §5); `internal` is for logs only and never leaves the server.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGE[code],
    readonly options: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      internal?: string;
      /** Another status for this code, only one the contract allows for it (ERROR_STATUS_ALSO). */
      status?: number;
      /** Fields the contract's error body carries beside the message (responsible gaming's room and dates). */
      details?: Pick<ErrorBody, 'remaining' | 'kind' | 'period' | 'until'>;
    } = {},
  ) {
    super(message);
    const { status } = options;
    this.status =
      status !== undefined && ERROR_STATUS_ALSO[code]?.includes(status) ? status : ERROR_STATUS[code];
  }
}

/** A 422 with Laravel-style per-field messages; the top message is the first one. */
export function validationError(errors: Record<string, string[]>): AppError {
  const messages = Object.values(errors).flat();
  const extra = messages.length - 1;
  const first = messages[0] ?? ERROR_MESSAGE.VALIDATION_FAILED;
  const message = extra > 0 ? `${first} (and ${extra} more error${extra > 1 ? 's' : ''})` : first;
  return new AppError('VALIDATION_FAILED', message, { errors });
}
