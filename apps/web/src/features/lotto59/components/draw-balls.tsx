import { DRAW_SIZE, POSTS } from '@lotto59/domain';
import { useLottoTranslation } from '../i18n';

/**
 * The 10 positions of a draw: posts A–E are the first five (decisions §3). Released balls in order, the
 * others still empty; `highlight` rings the numbers a ticket picked.
 */
export function DrawBalls({
  numbers,
  highlight = [],
  size = 'md',
}: {
  numbers: readonly number[];
  highlight?: readonly number[];
  size?: 'md' | 'sm';
}) {
  const { t } = useLottoTranslation();
  const ball = size === 'md' ? 'size-10 text-lg sm:size-12 sm:text-xl' : 'size-9 text-base';
  return (
    <ol className="grid grid-cols-5 gap-x-2 gap-y-2 sm:gap-x-3" aria-label={t('draw.balls')}>
      {Array.from({ length: DRAW_SIZE }, (_, index) => {
        const number = numbers[index];
        const post = POSTS[index];
        const position = post ? t('draw.post', { post }) : t('draw.position', { n: index + 1 });
        const marked = number !== undefined && highlight.includes(number);
        return (
          <li key={index} className="flex flex-col items-center gap-0.5">
            <span aria-hidden="true" className="text-xs font-semibold text-slate-500">
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
              <span
                data-testid="ball"
                className={`${ball} flex items-center justify-center rounded-full font-bold tabular-nums shadow motion-safe:animate-ball-in ${
                  marked
                    ? 'bg-amber-400 text-slate-950 ring-4 ring-amber-200'
                    : index < POSTS.length
                      ? 'bg-emerald-700 text-white'
                      : 'bg-white text-slate-900 ring-2 ring-emerald-700'
                }`}
              >
                <span className="sr-only">{position}: </span>
                {number}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
