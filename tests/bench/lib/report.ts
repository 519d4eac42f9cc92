/** One line per figure: what, measured, goal (with the bound it is compared with), PASS/FAIL. */
export type Figure = {
  name: string;
  measured: string;
  goal: string;
  pass: boolean;
  /** What the figure is compared with, or how it was measured. */
  detail?: string;
};

const figures: Figure[] = [];

export function report(figure: Figure): void {
  figures.push(figure);
  const verdict = figure.pass ? 'PASS' : 'FAIL';
  console.info(`${verdict}  ${figure.name}: ${figure.measured} (goal ${figure.goal})${figure.detail ? `  [${figure.detail}]` : ''}`);
}

/** A figure that could not be measured at all: a failure, said as such. */
export function reportNotMeasured(name: string, goal: string, reason: string): void {
  report({ name, measured: 'not measured', goal, pass: false, detail: reason });
}

export function allFigures(): readonly Figure[] {
  return figures;
}

export function summary(): string {
  const failed = figures.filter((figure) => !figure.pass);
  const lines = ['', `Summary: ${figures.length - failed.length} of ${figures.length} figures meet their goals.`];
  for (const figure of failed) lines.push(`  FAIL ${figure.name}: ${figure.measured}, goal ${figure.goal}`);
  return lines.join('\n');
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The value at `fraction` of the sorted values (0.95: the p95), nearest rank. */
export const percentile = (values: readonly number[], fraction: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] as number;

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
