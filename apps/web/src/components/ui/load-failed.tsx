import type { ReactNode } from 'react';
import { AlertMessage } from './alert-message';
import { Button } from './button';

/**
 * A list or report that could not be loaded: why (in the player's words, chosen by the screen) and a button
 * that asks again. The words come from the screen: components/ui knows no feature's texts.
 */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-3">
      <AlertMessage>{message}</AlertMessage>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
