// Its own module: the first screen needs it, and none of the write checks beside it (nor their English words).
/** A comment is stored trimmed; one that is only whitespace is no comment at all. */
export function commentText(comment: string | undefined): string | null {
  const trimmed = comment?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
