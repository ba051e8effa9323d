import type { TSchema } from 'typebox';
import type { PAYLOAD_SCHEMAS } from './contract-checks';

/** An answer of the first screen's calls, checked by name so its schema need not be in the first download. */
export type PayloadName = keyof typeof PAYLOAD_SCHEMAS;

/** What an answer must match: one of the named answers, or a shared schema a lazily loaded screen imported itself. */
export type Contract = PayloadName | { schema: TSchema };

/**
 * How the api client checks answers. The page fetches the checker after first paint (contract.ts);
 * the service worker, a classic script that cannot load code lazily, bundles it (contract-eager.ts).
 */
export interface ContractChecker {
  /** Starts fetching what `matches` needs, without waiting for it. */
  preload(): void;
  matches(contract: Contract, data: unknown): Promise<boolean>;
}
