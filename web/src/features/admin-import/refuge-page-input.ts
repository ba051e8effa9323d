import { REFUGE_PER_PAGE_MAX, RefugeImportQuerySchema, type RefugeImportQuery, type WriteProblem } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';

// The server's bound, so the form refuses what the server would.
const PAGE_MAX = Number(Reflect.get(RefugeImportQuerySchema.properties.page, 'maximum'));

/** 'Bathrooms per page' and 'Page number' as typed. */
export interface RefugePageInput {
  perPage: string;
  page: string;
}

export type CheckedRefugePage = { query: RefugeImportQuery; problem: null } | { query: null; problem: WriteProblem };

const wholeNumberIn = (text: string, min: number, max: number): number | null => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/** The Refuge page to ask for, or which input is wrong and why (the server's own bounds), in the active language. */
export function checkRefugePageInput({ perPage, page }: RefugePageInput): CheckedRefugePage {
  const perPageValue = wholeNumberIn(perPage, 1, REFUGE_PER_PAGE_MAX);
  if (perPageValue === null) {
    return { query: null, problem: { field: 'per_page', message: t('adminImport.refuge.perPageProblem', { max: REFUGE_PER_PAGE_MAX }) } };
  }
  const pageValue = wholeNumberIn(page, 1, PAGE_MAX);
  if (pageValue === null) {
    return { query: null, problem: { field: 'page', message: t('adminImport.refuge.pageProblem', { max: PAGE_MAX }) } };
  }
  return { query: { per_page: perPageValue, page: pageValue }, problem: null };
}

/** The path of one page of Refuge listings for review. */
export function refugeImportPath({ per_page, page }: RefugeImportQuery): string {
  return `/api/admin/import/refuge?${new URLSearchParams({ per_page: String(per_page), page: String(page) })}`;
}
