import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { deletePushSubscription, getPushKey, savePushSubscription } from '../api/push-subscription';
import { useAccountTranslation } from '../i18n';

type State =
  | { kind: 'loading' }
  | { kind: 'unsupported' }
  | { kind: 'server-off' }
  | { kind: 'denied' }
  | { kind: 'ready'; key: string; subscription: PushSubscription | null };

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The worker the app registers after load (src/pwa/register-sw.ts); registered here too if not yet. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The player's opt-in to push notifications on this device (issue 26 item 3, decision 0051). The browser's
 * permission is asked only from the player's tap on "turn on", never on a visit: a request nobody asked for
 * is the prompt players learn to refuse, and browsers quiet sites that ask unprompted.
 */
export function NotificationSettings() {
  const { t } = useAccountTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!supported()) return setState({ kind: 'unsupported' });
      try {
        const key = await getPushKey();
        if (!live) return;
        if (!key.enabled) return setState({ kind: 'server-off' });
        if (Notification.permission === 'denied') return setState({ kind: 'denied' });
        const registration = await navigator.serviceWorker.getRegistration('/');
        const subscription = (await registration?.pushManager.getSubscription()) ?? null;
        if (live) setState({ kind: 'ready', key: key.public_key, subscription });
      } catch {
        if (live) setState({ kind: 'ready', key: '', subscription: null });
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  async function turnOn(key: string) {
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? { kind: 'denied' } : { kind: 'ready', key, subscription: null });
        return;
      }
      const registration = await workerRegistration();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      });
      const json = subscription.toJSON();
      await savePushSubscription({
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
      setState({ kind: 'ready', key, subscription });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(key: string, subscription: PushSubscription) {
    setBusy(true);
    setFailed(false);
    try {
      await deletePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      setState({ kind: 'ready', key, subscription: null });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <div role="status" className="flex justify-center p-4 text-emerald-700">
        <Spinner className="size-6" />
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="notification-settings">
      <p>{t('notifications.intro')}</p>
      <ul className="list-disc space-y-1 ps-5 text-slate-700">
        <li>{t('notifications.won')}</li>
        <li>{t('notifications.drawSoon')}</li>
      </ul>
      {state.kind === 'unsupported' && <AlertMessage>{t('notifications.unsupported')}</AlertMessage>}
      {state.kind === 'server-off' && <AlertMessage>{t('notifications.serverOff')}</AlertMessage>}
      {state.kind === 'denied' && <AlertMessage>{t('notifications.denied')}</AlertMessage>}
      {failed && <AlertMessage>{t('notifications.failed')}</AlertMessage>}
      {state.kind === 'ready' && (
        <>
          <p className="font-semibold" role="status">
            {state.subscription ? t('notifications.isOn') : t('notifications.isOff')}
          </p>
          {state.subscription ? (
            <Button
              variant="secondary"
              isPending={busy}
              onClick={() => void turnOff(state.key, state.subscription!)}
            >
              <BellOff aria-hidden="true" className="size-5" />
              {t('notifications.off')}
            </Button>
          ) : (
            <Button isPending={busy} disabled={state.key === ''} onClick={() => void turnOn(state.key)}>
              <BellRing aria-hidden="true" className="size-5" />
              {t('notifications.on')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
