import { Component, type ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t';

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
    return <ScreenFailed />;
  }
}

/** A function component, so the words follow the language (a class cannot use hooks). */
function ScreenFailed() {
  const t = useT();
  return (
    <section className="page">
      <div className="notice notice--problem" role="alert">
        <h1>{t('shell.screenFailedTitle')}</h1>
        <p>{t('shell.screenFailedText')}</p>
      </div>
    </section>
  );
}
