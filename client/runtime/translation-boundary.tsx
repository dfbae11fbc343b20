import { Component, type ErrorInfo, type ReactNode } from 'react';
import { timing } from '../../shared/constants';
import { translationRecoveryText } from '../../shared/texts';

/**
 * Browser translation tools rewrite text nodes under React, which then fails to remove or insert
 * them. Those errors are swallowed: a short notice, then a fresh render after 1 s. Others are rethrown.
 */
export function isTranslationConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'NotFoundError' || /Failed to execute '(removeChild|insertBefore)' on 'Node'|is not a child of this node/.test(error.message);
}

interface State {
  error: unknown;
  attempt: number;
}

export class TranslationBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (!isTranslationConflict(error)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 })), timing.translationRecoveryMs);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (error === null) return <RenderAgain key={attempt}>{this.props.children}</RenderAgain>;
    if (!isTranslationConflict(error)) throw error;
    return (
      <p role="status" className="translation-recovery">
        {translationRecoveryText}
      </p>
    );
  }
}

/** A keyed wrapper, so a retry mounts the children afresh instead of patching the tree the tool changed. */
function RenderAgain({ children }: { children: ReactNode }) {
  return children;
}
