import Value from 'typebox/value';
import { hoursRangeProblem, IdSchema, type HoursToolBody, type WriteProblem } from '@allstall/shared';

export type CheckedHoursRange = { body: HoursToolBody; problem: null } | { body: null; problem: WriteProblem };

function idProblem(field: 'minId' | 'maxId', text: string): WriteProblem | null {
  const label = field === 'minId' ? 'Min restroom id' : 'Max restroom id';
  if (text === '') return { field, message: `Enter the ${label.toLowerCase()}, or pick a restroom from the list.` };
  if (!Value.Check(IdSchema, text)) return { field, message: `${label} must be a restroom id, like 0192f3a4-5b6c-7d8e-9f01-23456789abcd.` };
  return null;
}

/** The range 'Fill opening hours' asks about, or which input is wrong and why (the server's own order rule). */
export function checkHoursRangeInput(minText: string, maxText: string): CheckedHoursRange {
  const body = { minId: minText.trim(), maxId: maxText.trim() };
  const problem = idProblem('minId', body.minId) ?? idProblem('maxId', body.maxId) ?? hoursRangeProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}
