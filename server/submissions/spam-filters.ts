/*
 * The spam filters every form shares (CF7's `wpcf7_spam` checks that do not depend on a form's
 * fields): a missing user agent ("User-Agent string is unnaturally short": browsers always send
 * one, scripts often do not) and the disallowed words (modules/disallowed-list.php: substrings
 * of any value, the address or the user agent, DISALLOWED_WORDS). Each answers the reason it
 * would store, or null.
 */

export function userAgentProblem(userAgent: string): string | null {
  return userAgent.trim().length < 2 ? 'wpcf7: User-Agent string is unnaturally short.' : null;
}

/** `texts`: every posted value, the visitor's address and their user agent. */
export function disallowedWordProblem(disallowedWords: readonly string[], texts: readonly string[]): string | null {
  if (disallowedWords.length === 0) return null;
  const target = texts.join('\n').toLowerCase();
  const word = disallowedWords.find((candidate) => target.includes(candidate));
  return word === undefined ? null : `disallowed_list: the disallowed word ${JSON.stringify(word)} is used.`;
}
