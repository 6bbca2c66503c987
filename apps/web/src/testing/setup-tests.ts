import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { analytics } from '@/lib/analytics';
import { notifications } from '@/lib/notifications';

// Route modules are lazy: their first import in a test run is transformed on the fly and can take a moment.
configure({ asyncUtilTimeout: 5_000 });

/** jsdom's WebSocket would really connect: screens with live events get one that never opens. */
class IdleWebSocket extends EventTarget {
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
// Before each test: `unstubGlobals` restores the globals after every test.
beforeEach(() => {
  vi.stubGlobal('WebSocket', IdleWebSocket);
});

afterEach(async () => {
  cleanup();
  notifications.reset();
  // The queue's 5 s timer would otherwise send this test's screen views in the middle of a later test.
  analytics.discard();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
  await setLanguage('km');
  localStorage.clear();
  sessionStorage.clear();
});
