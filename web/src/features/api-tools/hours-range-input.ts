import Value from 'typebox/value';
import { hoursRangeProblem, IdSchema, type HoursToolBody, type WriteProblem } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';
import { serverMessage } from '@/lib/i18n/server-message';

export type CheckedHoursRange = { body: HoursToolBody; problem: null } | { body: null; problem: WriteProblem };

// The id format, shown as it is in every language.
const EXAMPLE_ID = '0192f3a4-5b6c-7d8e-9f01-23456789abcd';

function idProblem(field: 'minId' | 'maxId', text: string): WriteProblem | null {
  if (text === '') return { field, message: field === 'minId' ? t('apiTools.hours.enterMin') : t('apiTools.hours.enterMax') };
  if (!Value.Check(IdSchema, text)) {
    return { field, message: t(field === 'minId' ? 'apiTools.hours.minNotId' : 'apiTools.hours.maxNotId', { example: EXAMPLE_ID }) };
  }
  return null;
}

/** The server's own rule, in the active language (the server says it by its code too). */
function rangeProblem(body: HoursToolBody): WriteProblem | null {
  const problem = hoursRangeProblem(body);
  return problem && { field: problem.field, message: serverMessage(problem) };
}

/**
 * The range 'Fill opening hours' asks about, or which input is wrong and why (the server's own order
 * rule), in the active language.
 */
export function checkHoursRangeInput(minText: string, maxText: string): CheckedHoursRange {
  const body = { minId: minText.trim(), maxId: maxText.trim() };
  const problem = idProblem('minId', body.minId) ?? idProblem('maxId', body.maxId) ?? rangeProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}
