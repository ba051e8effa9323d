import { Component, type ReactNode } from 'react';

interface ScreenErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next navigation) tries the screen again. */
  resetKey: string;
}

interface ScreenErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/**
 * A screen that throws while rendering says so inside the layout, whose navigation stays usable,
 * instead of emptying the whole page. (React Router's data router did this itself; the declarative
 * router the app uses does not.) React logs the error.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ScreenErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: ScreenErrorBoundaryState): Partial<ScreenErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page">
        <div className="notice notice--problem" role="alert">
          <h1>Oops... Something went wrong!</h1>
          <p>Reload the page to try again. The list of restrooms is one tap away.</p>
        </div>
      </section>
    );
  }
}
