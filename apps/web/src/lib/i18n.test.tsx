import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initLanguage, LANGUAGE_STORAGE_KEY, setLanguage, translate, useTranslation } from './i18n';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('transactions.count', { count: 1 })}</p>;
}

describe('translations', () => {
  it('speaks Khmer by default and fills {{values}}', () => {
    expect(translate('app.version', { version: '2.0' })).toBe('កំណែ 2.0');
    expect(translate('transactions.pageOf', { page: 2, last: 5 })).toBe('ទំព័រ 2 / 5');
  });

  it('uses English plural forms, and Khmer’s single one', () => {
    expect(translate('transactions.count', { count: 1 }, 'km')).toBe('1 ប្រតិបត្តិការ');
    expect(translate('transactions.count', { count: 3 }, 'km')).toBe('3 ប្រតិបត្តិការ');
  });

  it('switches every mounted text, <html lang>, and remembers the choice', async () => {
    render(<Greeting />);
    expect(screen.getByText('1 ប្រតិបត្តិការ')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(screen.getByText('1 transaction')).toBeTruthy();
    expect(translate('transactions.count', { count: 2 })).toBe('2 transactions');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the stored language, and in Khmer for anything else', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await initLanguage();
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('km');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    await initLanguage();
    expect(document.documentElement.lang).toBe('km');
  });
});
