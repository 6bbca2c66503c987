import type { ChangePasswordRequest } from '@lotto59/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/**
 * `POST /api/user/change_password` (seed §7). On success the server rotates this device's session (new
 * cookies) and ends every other one; 422 carries per-field messages.
 */
export function changePassword(input: ChangePasswordRequest): Promise<{ success: true; message: string }> {
  return http.post('/api/user/change_password', {
    body: input,
    schema: lazySchema((s) => s.changePasswordResponseSchema),
    renewsSession: true,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
