import type { Contract, ContractChecker } from './contract-checker';
import type * as ContractChecksModule from './contract-checks';
import { afterFirstRows } from '../device/first-rows';
import { importWithRetry } from '../device/import-with-retry';

type ContractChecks = typeof ContractChecksModule;

let checks: Promise<ContractChecks> | null = null;

/** Fetches the checker once (tried again as every lazy chunk is); a load that failed is tried afresh next time. */
function loadContractChecks(): Promise<ContractChecks> {
  // After the first screen's rows (device/first-rows.ts): the answers it checks wait a moment then.
  checks ??= afterFirstRows(() => importWithRetry(() => import('./contract-checks'))).catch((error: unknown) => {
    checks = null;
    throw error;
  });
  return checks;
}

/**
 * Starts fetching the checker without waiting for it: the api client calls this as a request goes
 * out, so the code and the answer travel together. A failure is reported by the check that needs it.
 */
function preloadContractChecks(): void {
  loadContractChecks().catch(() => undefined);
}

export async function matchesContract(contract: Contract, data: unknown): Promise<boolean> {
  const { PAYLOAD_SCHEMAS, matchesSchema } = await loadContractChecks();
  return matchesSchema(typeof contract === 'string' ? PAYLOAD_SCHEMAS[contract] : contract.schema, data);
}

/** The page's checker: fetched after first paint, alongside the first request. */
export const lazyContractChecker: ContractChecker = { preload: preloadContractChecks, matches: matchesContract };
