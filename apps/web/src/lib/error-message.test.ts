import { ERROR_CODES } from '@lotto59/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import km from '@/locales/km.json';
import { errorMessageOf } from './error-message';
import { CLIENT_ERROR_CODES, HttpError } from './http-client';
import { setLanguage, translate, type TFunction } from './i18n';

const inKhmer: TFunction = (key, values) => translate(key, values, 'km');
const inEnglish: TFunction = (key, values) => translate(key, values, 'en');
const KHMER = /[\u1780-\u17FF]/;
const LATIN_WORD = /[A-Za-z]{2,}/;

describe('errorMessageOf', () => {
  // English is loaded on first use.
  beforeAll(async () => {
    await setLanguage('en');
    await setLanguage('km');
  });

  it.each([...ERROR_CODES, ...CLIENT_ERROR_CODES])(
    'names %s in Khmer and in English, never the wire text',
    (code) => {
      const error = new HttpError({ status: 422, code, message: 'The old password is incorrect.' });
      const khmer = errorMessageOf(error, inKhmer);
      expect(khmer).toBe(km.errorCodes[code]);
      expect(khmer).toMatch(KHMER);
      expect(khmer).not.toMatch(LATIN_WORD);
      expect(errorMessageOf(error, inEnglish)).toBe(en.errorCodes[code]);
    },
  );

  it('says "an error occurred" for an answer without a code, and for anything that is not a call', () => {
    const uncoded = new HttpError({ status: 500, code: null, message: 'Bad gateway' });
    expect(errorMessageOf(uncoded, inKhmer)).toBe('មានបញ្ហាកើតឡើង');
    expect(errorMessageOf(new Error('boom'), inKhmer)).toBe('មានបញ្ហាកើតឡើង');
  });
});
