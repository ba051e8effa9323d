/** One measured figure and its budget, printed on one line so a run reads as a checklist. */
export interface Figure {
  name: string;
  value: number;
  unit: 'KB' | 'MB' | 'ms' | 's' | 'bytes' | 'ratio' | 'req/s' | '%';
  /** Over for an upper bound ('at most'), under for a lower bound ('at least'); absent when only informative. */
  budget?: { limit: number; kind: 'at most' | 'at least' };
  /** How it was measured, in a few words (runs, median, ...). */
  note?: string;
  /** Why there is no value: the measurement could not be made. Counts as over budget. */
  missing?: string;
  /** Shown instead of the value when the value is only a bound ('< 50 ms'); the budget still judges `value`. */
  shown?: string;
}

const DECIMALS: Record<Figure['unit'], number> = { KB: 1, MB: 2, ms: 1, s: 2, bytes: 0, ratio: 2, 'req/s': 0, '%': 1 };

function withinBudget(figure: Figure): boolean | null {
  if (!figure.budget) return null;
  if (figure.missing !== undefined) return false;
  return figure.budget.kind === 'at most' ? figure.value <= figure.budget.limit : figure.value >= figure.budget.limit;
}

function formatValue(figure: Figure): string {
  if (figure.missing !== undefined) return 'not measured';
  if (figure.shown !== undefined) return figure.shown;
  return `${figure.value.toFixed(DECIMALS[figure.unit])} ${figure.unit}`;
}

/** '≤ 150 KB: ok', '≥ 0.5 ratio: OVER', or '' for a figure without a budget. */
function formatBudget(figure: Figure): string {
  if (!figure.budget) return '';
  const verdict = figure.missing !== undefined ? 'not measured' : withinBudget(figure) ? 'ok' : 'OVER';
  return `${figure.budget.kind === 'at most' ? '≤' : '≥'} ${figure.budget.limit} ${figure.unit}: ${verdict}`;
}

function formatFigure(figure: Figure): string {
  const budget = figure.budget ? `  [budget ${formatBudget(figure)}]` : '';
  const note = figure.missing ?? figure.note;
  return `${figure.name}: ${formatValue(figure)}${budget}${note ? `  (${note})` : ''}`;
}

/** The figures as a Markdown table, ready for docs/performance.md. */
export function figuresTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => `| ${figure.name} | ${formatValue(figure)} | ${formatBudget(figure) || '—'} |`);
  return ['| Figure | Measured | Budget |', '|---|---|---|', ...rows].join('\n');
}

export function printFigure(figure: Figure): Figure {
  console.log(formatFigure(figure));
  return figure;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const kilobytes = (bytes: number) => bytes / 1024;
export const megabytes = (bytes: number) => bytes / (1024 * 1024);
