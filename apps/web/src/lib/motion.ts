import { useEffect, useRef, useState } from 'react';

/** The player asked the system for less motion: animations end at once, counts show their final figure. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** How long a figure takes to count to its new value. */
export const COUNT_UP_MS = 700;

/**
 * A whole number that counts to `target` (eased, one step per frame) whenever `target` changes, starting
 * from `from` on the first render (else from `target` itself: nothing to count). The steps are for the eye
 * only; the last value is `target` exactly. With reduced motion the target shows at once; with `upOnly`, so
 * does a lower figure (a stake leaves the balance at once, a payout counts in).
 */
export function useCountUp(
  target: number,
  options: { from?: number; durationMs?: number; upOnly?: boolean } = {},
): number {
  const { from, durationMs = COUNT_UP_MS, upOnly = false } = options;
  const [shown, setShown] = useState(from ?? target);
  const shownRef = useRef(shown);
  useEffect(() => {
    const start = shownRef.current;
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    if (
      start === target ||
      (upOnly && target < start) ||
      prefersReducedMotion() ||
      typeof requestAnimationFrame === 'undefined'
    ) {
      show(target);
      return;
    }
    const startedAt = performance.now();
    let frame = 0;
    // The frame's own timestamp may count from another origin (test DOMs): read the same clock as the start.
    const step = () => {
      const now = performance.now();
      const progress = Math.min(1, (now - startedAt) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      show(progress === 1 ? target : Math.round(start + (target - start) * eased));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      // Stopped half way (a new target, unmounted): the next count starts from where the eye is.
    };
  }, [target, durationMs, upOnly]);
  return shown;
}
