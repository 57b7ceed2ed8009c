import { useLayoutEffect, useRef } from "react";

/**
 * Calls `handle` once for each new answer of a form (a fetcher's data, or the page's action data),
 * right after the commit that shows it. The comparison is by hand, after every commit: an effect
 * keyed on `fetcher.data` was seen to skip an answer that React Router delivered inside a transition
 * (React 19), leaving a sent form without its toast in about one try out of three.
 */
export function useFetcherAnswer<T>(answer: T | undefined, handle: (answer: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const handleRef = useRef(handle);
  handleRef.current = handle;
  useLayoutEffect(() => {
    if (answer === undefined || answer === handled.current) return;
    handled.current = answer;
    handleRef.current(answer);
  });
}
