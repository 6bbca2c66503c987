import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(node: HTMLElement): HTMLElement[] {
  return [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** Traps mounted now, innermost last: only the last one acts (an alert over the open phone menu). */
const activeTraps: object[] = [];

/**
 * While mounted: focus moves into `container` (to `[data-autofocus]` or its first control), Tab and Shift+Tab
 * wrap inside it, focus that wanders out is brought back, Escape calls `onEscape`; on unmount focus returns
 * to where it was. Dialogs and the phone menu use it; a trap opened over another one takes over until it
 * closes.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const self = {};
    activeTraps.push(self);
    const isTop = () => activeTraps[activeTraps.length - 1] === self;
    const first = () => node.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(node)[0] ?? node;
    first().focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(node);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      const active = document.activeElement;
      if (!node.contains(active) || (event.shiftKey ? active === head : active === tail)) {
        event.preventDefault();
        (event.shiftKey ? tail : head).focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop()) return;
      if (event.target instanceof Node && !node.contains(event.target)) first().focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      activeTraps.splice(activeTraps.indexOf(self), 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (previous?.isConnected) previous.focus();
    };
  }, [container]);
}
