import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a React.lazy component) only once the place
 * comes near the viewport, so code below the fold is not part of the first load.
 */
export function WhenNearViewport({
  children,
  fallback,
  rootMargin = '600px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Starts false everywhere, so server HTML and the first client render agree.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      // old browsers and tests: just load it
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  return (
    <div ref={ref}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>
  );
}
