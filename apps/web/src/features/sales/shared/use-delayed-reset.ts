import { useEffect, useRef, useState } from 'react';

// SPEC §4: the pre-need and funeral forms reset 3 s after a successful save.
export const RESET_DELAY_MS = 3000;

/** Runs `reset` a while after `schedule()`; meanwhile `isPending` keeps the saved form from a second save. */
export function useDelayedReset(reset: () => void, delay = RESET_DELAY_MS) {
  const [isPending, setIsPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestReset = useRef(reset);
  useEffect(() => {
    latestReset.current = reset;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  function schedule() {
    setIsPending(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      latestReset.current();
      setIsPending(false);
    }, delay);
  }

  return { isPending, schedule };
}
