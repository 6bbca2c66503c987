import { DRAW_SIZE, POSTS, type Post } from '@lotto59/domain';
import { Star } from 'lucide-react';
import { useLottoTranslation } from '../i18n';

/**
 * The 10 positions of a draw: posts A–E are the first five (decisions §3). Released balls roll in, in order,
 * the others wait as empty slots. `highlight` rings the numbers a ticket picked; `markedPositions` the balls
 * the player backed in this round (their number at their post, a jackpot number), `markedPosts` the posts
 * they bet on. Without motion (`prefers-reduced-motion`) the balls simply appear.
 */
export function DrawBalls({
  numbers,
  highlight = [],
  markedPositions,
  markedPosts,
  size = 'md',
}: {
  numbers: readonly number[];
  highlight?: readonly number[];
  markedPositions?: ReadonlySet<number>;
  markedPosts?: ReadonlySet<Post>;
  size?: 'md' | 'sm';
}) {
  const { t } = useLottoTranslation();
  const ball = size === 'md' ? 'size-11 text-lg sm:size-12 sm:text-xl' : 'size-9 text-base';
  return (
    // Clipped sideways: a ball rolls in from 2.2 × its width to the right (ball-roll in index.css), and on a
    // phone that moment of overflow made the browser zoom the whole page out to 393 px for good (issue 26).
    <ol className="grid grid-cols-5 gap-x-2 gap-y-2 overflow-x-clip sm:gap-x-3" aria-label={t('draw.balls')}>
      {Array.from({ length: DRAW_SIZE }, (_, index) => {
        const number = numbers[index];
        const post = POSTS[index];
        const position = post ? t('draw.post', { post }) : t('draw.position', { n: index + 1 });
        const marked =
          number !== undefined && (highlight.includes(number) || markedPositions?.has(index) === true);
        const myPost = post !== undefined && markedPosts?.has(post) === true;
        return (
          <li key={index} className="flex flex-col items-center gap-0.5" data-marked={marked || undefined}>
            <span
              aria-hidden="true"
              className={`rounded-full px-1.5 text-xs font-semibold ${
                myPost ? 'bg-amber-300 text-slate-950' : 'text-slate-500'
              }`}
            >
              {post ?? index + 1}
            </span>
            {number === undefined ? (
              <span
                className={`${ball} flex items-center justify-center rounded-full border-2 border-dashed border-slate-300 text-slate-400`}
              >
                <span className="sr-only">
                  {position}: {t('draw.waiting')}
                </span>
                <span aria-hidden="true">·</span>
              </span>
            ) : (
              <span className="relative">
                <span
                  data-testid="ball"
                  className={`${ball} flex items-center justify-center rounded-full bg-radial-[at_30%_30%] font-bold tabular-nums shadow-md motion-safe:animate-ball-roll ${
                    marked
                      ? 'from-amber-200 to-amber-400 text-slate-950 ring-4 ring-amber-300'
                      : index < POSTS.length
                        ? 'from-emerald-500 to-emerald-800 text-white'
                        : 'from-white to-slate-200 text-slate-900 ring-2 ring-emerald-700'
                  }`}
                >
                  <span className="sr-only">{position}: </span>
                  {number}
                </span>
                {marked && (
                  <span className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-slate-900 text-amber-300">
                    <Star aria-hidden="true" className="size-3 fill-current" />
                    <span className="sr-only">{t('live.yourPick')}</span>
                  </span>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
