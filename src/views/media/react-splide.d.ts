// Types for @splidejs/react-splide 0.7.12: the package ships typings, but its package.json
// "exports" does not point at them (TS7016 under moduleResolution "Bundler"), and they use React
// 18's global JSX namespace. The part this site uses, written against the package's own
// dist/types (components/Splide, types/props, types/events) and @splidejs/splide's types.
declare module '@splidejs/react-splide' {
  import type { Component, ComponentProps, DOMAttributes, FC, HTMLAttributes, ReactNode, RefObject } from 'react';
  import type { ComponentConstructor, Options, Splide as SplideCore } from '@splidejs/splide';

  export type { Options };

  /** react-splide passes the instance first, then the Splide event's own arguments. */
  type SplideHandler = (splide: SplideCore, ...args: never[]) => void;

  export interface SplideEventHandlers {
    onMounted: SplideHandler;
    onReady: SplideHandler;
    onMove: SplideHandler;
    onMoved: SplideHandler;
    onActive: SplideHandler;
    onInactive: SplideHandler;
    onVisible: SplideHandler;
    onHidden: SplideHandler;
    onRefresh: SplideHandler;
    onUpdated: SplideHandler;
    onResize: SplideHandler;
    onResized: SplideHandler;
    onDrag: SplideHandler;
    onDragging: SplideHandler;
    onDragged: SplideHandler;
    onScroll: SplideHandler;
    onScrolled: SplideHandler;
    onDestroy: SplideHandler;
    onArrowsMounted: SplideHandler;
    onArrowsUpdated: SplideHandler;
    onPaginationMounted: SplideHandler;
    onPaginationUpdated: SplideHandler;
    onNavigationMounted: SplideHandler;
    onAutoplayPlay: SplideHandler;
    onAutoplayPlaying: SplideHandler;
    onAutoplayPause: SplideHandler;
    onLazyLoadLoaded: SplideHandler;
  }

  /** The root's HTML attributes, without DOM event handlers (react-splide's SplideHTMLAttributes). */
  export type SplideHTMLAttributes = Partial<Omit<HTMLAttributes<HTMLElement>, keyof DOMAttributes<HTMLElement>>>;

  export interface SplideProps extends SplideHTMLAttributes, Partial<SplideEventHandlers> {
    options?: Options;
    hasTrack?: boolean;
    tag?: 'div' | 'section' | 'header' | 'footer' | 'nav';
    extensions?: Record<string, ComponentConstructor>;
    transition?: ComponentConstructor;
    children?: ReactNode;
  }

  export class Splide extends Component<SplideProps> {
    readonly splideRef: RefObject<HTMLDivElement>;
    /** The mounted Splide instance (undefined before mount and after unmount). */
    splide: SplideCore | undefined;
    sync(splide: SplideCore): void;
    go(control: number | string): void;
  }

  export const SplideTrack: FC<ComponentProps<'div'>>;
  export const SplideSlide: FC<ComponentProps<'li'>>;
}
