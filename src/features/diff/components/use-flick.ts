// Whether the list is being flicked: the last scroll update moved it more than a screen (the
// reader did not see what was passed). A flick draws only the files in view: the ones around them
// would be passed before they are seen, and drawing them makes every frame of the flick longer,
// so the main thread falls behind and the viewport is still empty when the scroll stops.
import { useRef } from 'react';

interface ScrollState {
  scrollOffset: number | null;
  isScrolling: boolean;
}

/**
 * Call during render, before the virtualizer's options are given: `fast` is whether the scroll
 * (as the virtualizer saw it on its last update) is a flick; `track` hands over the virtualizer.
 */
export function useFlick(): { fast: boolean; track: (v: ScrollState) => void } {
  const instance = useRef<ScrollState | null>(null);
  const state = useRef({ offset: 0, fast: false });
  if (instance.current) {
    const { scrollOffset, isScrolling } = instance.current;
    const offset = scrollOffset ?? 0;
    const moved = Math.abs(offset - state.current.offset);
    // A render without a scroll (a file measured) keeps the flick going; the scroll's end ends it.
    state.current = { offset, fast: isScrolling && (moved > window.innerHeight || (moved === 0 && state.current.fast)) };
  }
  return {
    fast: state.current.fast,
    track: (v) => {
      instance.current = v;
    },
  };
}
