import { useCallback, useMemo } from 'react';
import type { TSchema } from 'typebox';
import { createCallKeys, postAdminCall } from '../lib/api/admin-calls';
import { useServices } from '../lib/services';

export type AdminPost = <T>(schema: TSchema, path: string, body: unknown) => Promise<T>;

/**
 * POSTs to an online-only admin tool (an import, an /api tool) and checks the answer against
 * `schema`. The keys live as long as the screen, so a retry of a call whose answer was lost goes
 * out under its first key and is replayed rather than done twice.
 */
export function useAdminPost(): AdminPost {
  const { api } = useServices();
  const keys = useMemo(() => createCallKeys(), []);
  return useCallback(<T,>(schema: TSchema, path: string, body: unknown) => postAdminCall<T>(api, keys, schema, path, body), [api, keys]);
}
