import { z } from 'zod/mini';

export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** `POST /login`. Lengths are not checked here beyond a ceiling: a wrong password is just wrong. */
export const loginRequestSchema = z.strictObject({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'The username field is required.'),
      z.maxLength(USERNAME_MAX * 4, 'The username is too long.'),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, 'The password field is required.'),
      z.maxLength(PASSWORD_MAX * 4, 'The password is too long.'),
    ),
  remember: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST|PUT /api/user/change_password` (seed §3 field names). */
export const changePasswordRequestSchema = z.strictObject({
  old_password: z
    .string()
    .check(z.minLength(1, 'The old password field is required.'), z.maxLength(PASSWORD_MAX * 4)),
  new_password: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`),
      z.maxLength(PASSWORD_MAX, `The new password must not be greater than ${PASSWORD_MAX} characters.`),
    ),
  confirm: z.string().check(z.minLength(1, 'The confirm field is required.'), z.maxLength(PASSWORD_MAX * 4)),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({ success: z.literal(true), message: z.string() });
