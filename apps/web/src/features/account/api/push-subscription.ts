import type { PushKey, PushSubscribeRequest } from '@lotto59/contract';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** `GET /api/v1/push/key`: whether the server sends pushes, and the key a subscription is made for. */
export function getPushKey(): Promise<PushKey> {
  return http.get('/api/v1/push/key', { schema: lazySchema((s) => s.pushKeySchema) });
}

/** `POST /api/v1/push/subscriptions`: this device's subscription, for the signed-in player. */
export function savePushSubscription(subscription: PushSubscribeRequest): Promise<{ success: true }> {
  return http.post('/api/v1/push/subscriptions', {
    body: subscription,
    schema: lazySchema((s) => s.okBodySchema),
  });
}

/** `DELETE /api/v1/push/subscriptions`: this device off. */
export function deletePushSubscription(endpoint: string): Promise<{ success: true }> {
  return http.delete('/api/v1/push/subscriptions', {
    body: { endpoint },
    schema: lazySchema((s) => s.okBodySchema),
  });
}
