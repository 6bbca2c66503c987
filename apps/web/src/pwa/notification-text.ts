/**
 * The text of a push notification, made in the service worker from the server's message (decision 0051):
 * Khmer first, English second, and never an amount (a lock screen is public; the amount is in the app).
 * Its own module so that a unit test reads it without a service worker.
 */
export interface PushPayload {
  type?: unknown;
  game?: unknown;
  url?: unknown;
}

const GAME_NAMES: Record<string, { km: string; en: string }> = {
  lotto59: { km: 'ឡូតូ 59', en: 'Lotto 59' },
  lottery: { km: 'ឆ្នោត', en: 'Lottery' },
};

export function notificationOf(payload: PushPayload | null): { title: string; options: NotificationOptions } {
  const game = GAME_NAMES[typeof payload?.game === 'string' ? payload.game : ''] ?? GAME_NAMES.lotto59!;
  // Only a path of this app: a message cannot send the tap elsewhere.
  const url = typeof payload?.url === 'string' && /^\/[A-Za-z0-9/_-]*$/.test(payload.url) ? payload.url : '/';
  const base = { icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', lang: 'km', data: { url } };
  if (payload?.type === 'draw_soon') {
    return {
      title: `${game.km}: ការចាប់ឆ្នោតចាប់ផ្ដើមក្នុង ១ នាទី`,
      options: {
        ...base,
        body: `ការចាប់ឆ្នោតដែលអ្នកបានភ្នាល់ចាប់ផ្ដើមក្នុងមួយនាទីទៀត។\n${game.en}: the draw you bet on starts in 1 minute.`,
        tag: `draw-soon-${game.en}`,
      },
    };
  }
  return {
    title: `${game.km}: សំបុត្ររបស់អ្នកឈ្នះ!`,
    options: {
      ...base,
      body: `បើកកម្មវិធីដើម្បីមើលចំនួនទឹកប្រាក់។\n${game.en}: your ticket won! Open the app to see the amount.`,
      tag: `ticket-won-${game.en}`,
    },
  };
}
