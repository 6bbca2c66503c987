import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';

// Route modules are lazy: their first import in a test run is transformed on the fly and can take a moment.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  notifications.reset();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
  await setLanguage('km');
  localStorage.clear();
});
