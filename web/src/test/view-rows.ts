import type { CompactRestroom } from '@allstall/shared';
import type { MirrorView } from '../lib/sync/mirror-store';

/** A view's visible rows, whether it holds them or reads the stored columns (every row read). */
export function viewRows(view: MirrorView | undefined): readonly CompactRestroom[] {
  if (view === undefined) throw new Error('The mirror has not been read yet');
  return view.rows ?? view.columns!.ids.map((id) => view.compact(id)!);
}
