import { describe, expect, it } from 'vitest';

/** Every screen and component of the web app, as written (tests aside). */
const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('date fields', () => {
  it('are all the DD-MM-YYYY text field: no browser date picker (drawn mm/dd/yyyy in the browser’s locale)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const pickers = Object.entries(sources)
      // Comments aside (one explains why not `<input type="date">`).
      .map(([path, text]) => [path, text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')] as const)
      .filter(([, text]) => /type=\{?\s*["'`](date|datetime-local|month|week)["'`]/.test(text))
      .map(([path]) => path);
    expect(pickers).toEqual([]);
  });
});
