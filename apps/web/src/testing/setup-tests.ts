import '@/lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Route modules are lazy: their first import in a test run is transformed on the fly and can take a moment.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
});
