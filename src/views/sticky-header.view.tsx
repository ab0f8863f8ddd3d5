// Interface placeholder, replaced by the stickyHeader machine's view (issue 2, in progress).
import type { ReactNode } from 'react';

export interface StickyHeaderProps {
  children: ReactNode;
  /** The auto-show variant: hidden at the top, shown after 50 px of scroll. */
  autoShow?: boolean;
}

export function StickyHeader({ children }: StickyHeaderProps) {
  return <header id="header" className="site-header">{children}</header>;
}
