/**
 * "Did you mean …?" for a misspelt command, option or identifier: the closest candidate by edit distance, offered
 * only when it is close enough that the suggestion is likely right (a wrong guess is worse than none).
 */

/**
 * Edit distance counting an adjacent transposition as one edit (optimal string alignment): "--verison" is one
 * slip away from "--version", as a person types it, not two.
 */
export function editDistance(a: string, b: string): number {
  // Rows of the dynamic-programming table: two back, one back, and the current one.
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * How many edits still read as a slip of the same word: one for short words, a third of longer ones, and always
 * fewer than its letters (dashes aside), so "-x" is not taken for "-h".
 */
function tolerance(word: string): number {
  const letters = word.replace(/^-+/, "").length;
  return Math.min(letters - 1, letters <= 4 ? 1 : Math.max(2, Math.floor(letters / 3)));
}

/**
 * The candidate the user most likely meant, or undefined when none is close: within the tolerance of edits, or
 * else the one candidate that the word begins (an abbreviation such as "--feature" for "--feature-level").
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const all = [...new Set(candidates)];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of all) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (best !== undefined && bestDistance > 0 && bestDistance <= tolerance(word)) return best;
  const extending = all.filter((c) => c.startsWith(word) && c !== word);
  return word.replace(/^-+/, "").length >= 3 && extending.length === 1 ? extending[0] : undefined;
}

/** "; did you mean X?" or nothing, to end an error message with. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c === undefined ? "" : `; did you mean ${c}?`;
}
