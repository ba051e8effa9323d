import type { ContractChecker } from './contract-checker';
import { matchesSchema, PAYLOAD_SCHEMAS } from './contract-checks';

/** The checker bundled with its caller: for the service worker, and for tests. */
export const eagerContractChecker: ContractChecker = {
  preload: () => undefined,
  matches: async (contract, data) => matchesSchema(typeof contract === 'string' ? PAYLOAD_SCHEMAS[contract] : contract.schema, data),
};
