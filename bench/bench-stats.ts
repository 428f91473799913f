// Figures the in-process benchmarks report. Not a `-bench.ts` file, so bench/run.ts does not run it.

/** The q-quantile (0..1) of the samples, nearest rank. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Two decimals, for printing milliseconds and ratios. */
export const round = (n: number) => Math.round(n * 100) / 100;
