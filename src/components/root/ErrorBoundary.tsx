import { Component, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  /** What to show once a child has thrown; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode
  children: ReactNode
}

/** Keeps a failing view from blanking its element: shows the fallback and logs the error. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.warn('[agent-console] a view failed to render', error)
  }

  override render(): ReactNode {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children
  }
}
