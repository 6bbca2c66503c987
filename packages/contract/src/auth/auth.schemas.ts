import { z } from 'zod';

export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'The username must be at least 3 characters.')
  .max(USERNAME_MAX, `The username must not be greater than ${USERNAME_MAX} characters.`)
  .regex(
    /^[a-zA-Z0-9_.-]+$/,
    'The username may only contain letters, numbers, dashes, dots and underscores.',
  );

/** `POST /login`. Lengths are not checked here beyond a ceiling: a wrong password is just wrong. */
export const loginRequestSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, 'The username field is required.')
    .max(USERNAME_MAX * 4),
  password: z
    .string()
    .min(1, 'The password field is required.')
    .max(PASSWORD_MAX * 4),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST|PUT /api/user/change_password` (seed §3 field names). */
export const changePasswordRequestSchema = z.strictObject({
  old_password: z
    .string()
    .min(1, 'The old password field is required.')
    .max(PASSWORD_MAX * 4),
  new_password: z
    .string()
    .min(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `The new password must not be greater than ${PASSWORD_MAX} characters.`),
  confirm: z
    .string()
    .min(1, 'The confirm field is required.')
    .max(PASSWORD_MAX * 4),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
