import type { BrowserContext, Request } from 'playwright-core';

/**
 * Bytes on the wire (headers and encoded body) of the context's finished requests whose path starts
 * with `pathPrefix`, each URL once: a feed page fetched again after a navigation cut off its storing
 * is one page of the feed, not two. Counted on the context, so requests of a worker or the service
 * worker count too.
 */
export function countWireBytes(context: BrowserContext, pathPrefix: string): { bytes: () => number; requests: () => Request[]; settled: () => Promise<void> } {
  let bytes = 0;
  const seen = new Map<string, Request>();
  const pending: Array<Promise<void>> = [];
  context.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith(pathPrefix) || seen.has(request.url())) return;
    seen.set(request.url(), request);
    pending.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      }),
    );
  });
  return { bytes: () => bytes, requests: () => [...seen.values()], settled: async () => void (await Promise.all(pending)) };
}
