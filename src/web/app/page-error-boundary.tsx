import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * A page that fails to load its code (a lost connection, a new version deployed since the tab
 * opened) or to render says so, instead of leaving a blank screen. Give it the page's address
 * as its `key`, so that going elsewhere tries afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <main className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="font-display text-3xl font-bold">This page could not be shown</h1>
        <p className="mt-3 text-ink-700">Something went wrong. Please try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-flame-600 px-4 py-2.5 font-semibold text-white hover:bg-flame-700"
        >
          Reload the page
        </button>
      </main>
    );
  }
}
