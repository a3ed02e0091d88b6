import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/**
 * True once the element has come within `margin` of the viewport, and from then on. For costly parts
 * below the fold (a chart measures its text, lays out its axes and loads its library): they render
 * when the user scrolls towards them, not while the first screen is being drawn (DESIGN section 6). The
 * switch happens in a transition, so that render yields to input. Without IntersectionObserver (an
 * old browser) it is true at once.
 */
export function useNearViewport<T extends Element>(margin = "200px"): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          startTransition(() => setNear(true));
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [margin, near],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, near];
}
