import { useState } from 'react';

/**
 * The progress and the failure of an upload form: the progress exists only while it runs, the failure
 * stays on screen until the next attempt (a line number is read at leisure, not in a 5 s notice).
 */
export function useUploadState() {
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();
  return {
    progress,
    problem,
    setProblem,
    start: () => {
      setProblem(undefined);
      setProgress(0);
    },
    onProgress: setProgress,
    finish: (failure?: string) => {
      setProgress(undefined);
      setProblem(failure);
    },
  };
}
