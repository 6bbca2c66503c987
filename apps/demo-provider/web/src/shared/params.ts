import type { DemoPageProvider } from '../../../src/api/game-api';

/**
 * What our web app puts in the iframe's address (providers.md §5):
 * `?provider=<2|3|4|5>&code=<one-time launch code>&lang=km|en&platform=mobile|desktop&sound=1|0`.
 * Khmer unless English is asked for; sound off unless asked for.
 */
export interface LaunchParams {
  provider: DemoPageProvider;
  code: string;
  lang: 'km' | 'en';
  platform: 'mobile' | 'desktop';
  sound: boolean;
}

export function readLaunchParams(search: string, defaultProvider: DemoPageProvider): LaunchParams {
  const q = new URLSearchParams(search);
  const provider = q.get('provider');
  return {
    provider:
      provider === '2' || provider === '3' || provider === '4' || provider === '5' || provider === 'sport'
        ? provider
        : defaultProvider,
    code: q.get('code') ?? '',
    lang: q.get('lang') === 'en' ? 'en' : 'km',
    platform: q.get('platform') === 'desktop' ? 'desktop' : 'mobile',
    sound: q.get('sound') === '1',
  };
}
