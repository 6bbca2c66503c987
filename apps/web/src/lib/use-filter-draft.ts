import { useState } from 'react';

/**
 * The values of a filter form while the player edits them (`draft`), next to the filter in force (usually
 * the address). A filter that changes from elsewhere (back, forward, a link) replaces the draft; the one the
 * form itself applies does not, so typing right after a search is never overwritten by that search's
 * arrival.
 */
export function useFilterDraft<T>(applied: T): {
  draft: T;
  setDraft: (next: T) => void;
  /** Call with the values the form applies, just before applying them. */
  commit: (next: T) => void;
} {
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState<T>(applied);
  const [reflected, setReflected] = useState(appliedKey);
  if (appliedKey !== reflected) {
    // React's "adjust state when a prop changes" pattern: no effect, no flash of stale values.
    setReflected(appliedKey);
    setDraft(applied);
  }
  return {
    draft,
    setDraft,
    commit: (next) => {
      setReflected(JSON.stringify(next));
      setDraft(next);
    },
  };
}
