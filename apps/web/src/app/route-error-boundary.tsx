import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '@/components/screens/error-screen';
import { trackClientError } from '@/lib/analytics';

/**
 * A screen that throws while rendering, or whose code did not load (seed §8 chunk-load error after 120 s),
 * shows the error screen with a reload instead of a blank page; the error goes to analytics.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    trackClientError(error, 'render');
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
