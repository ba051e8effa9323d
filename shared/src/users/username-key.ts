import unhomoglyph from 'unhomoglyph';
import { usernameDisplay } from '../validation/password.js';

/**
 * Unicode's confusable skeleton (UTS #39): decompose, replace each character by the one it is
 * mistaken for (Cyrillic 'а' by Latin 'a', 'rn' stands for 'm', '1' for 'l', '0' for 'O'), decompose
 * again. Not for display: two strings that look alike get the same skeleton. The mapping is
 * Unicode's confusables.txt as the `unhomoglyph` package ships it.
 */
function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** Only the characters outside ASCII replaced by what they are mistaken for: Greek 'Μ' by 'M'. */
function nonAsciiLookAlikesReplaced(text: string): string {
  return text.normalize('NFD').replace(/\P{ASCII}/gu, (character) => unhomoglyph(character));
}

/**
 * The form two usernames are compared in: 'Sam', 'sam ', 'ＳＡＭ' and 'Ѕаm' (Cyrillic Ѕ and а) are
 * one account. Capitals from other scripts become their Latin twins before case is folded (so
 * Greek 'ΟΜΑR' meets 'omar'), but ASCII case folds first: the skeleton maps 'I' to 'l', and
 * 'Iris' must stay 'iris'. Lowered once more at the end because the skeleton maps some characters
 * to capitals ('0' to 'O'). The unique index on the stored key is what keeps a look-alike name
 * from becoming a second account.
 */
export function usernameKey(username: string): string {
  return confusableSkeleton(nonAsciiLookAlikesReplaced(usernameDisplay(username)).toLowerCase()).toLowerCase();
}
