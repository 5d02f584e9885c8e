/** One line of the benchmark table: a measured value, its target and its same-run baseline. */

export interface Target {
  /** `max`: the value must not exceed `value`; `min`: it must reach it. */
  kind: 'max' | 'min';
  value: number;
}

export interface Figure {
  /** The item number and a short title, e.g. "4 server search". */
  item: string;
  name: string;
  value: number | null;
  unit: string;
  target?: Target;
  /** A figure measured in the same run that this one is compared with. */
  baseline?: { name: string; value: number };
  /** Why there is no value yet, or what the value is made of. */
  note?: string;
  /** Repeated measurements the value is the median of. */
  samples?: number[];
}

export function meetsTarget(figure: Figure): boolean | undefined {
  if (!figure.target || figure.value === null) return undefined;
  return figure.target.kind === 'max' ? figure.value <= figure.target.value : figure.value >= figure.target.value;
}

export function ratio(figure: Figure): number | undefined {
  if (!figure.baseline || figure.value === null || figure.baseline.value === 0) return undefined;
  return figure.value / figure.baseline.value;
}

export const pending = (item: string, name: string, unit: string, why: string, target?: Target): Figure => ({
  item,
  name,
  value: null,
  unit,
  note: `pending: ${why}`,
  ...(target ? { target } : {}),
});

/** A phase that threw still leaves a line in the table saying so, instead of ending the run. */
export const failed = (item: string, name: string, error: unknown): Figure => ({
  item,
  name,
  value: null,
  unit: '',
  note: `failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160)}`,
});
