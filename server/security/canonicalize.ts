/**
 * CF7's `wpcf7_canonicalize( $text, [ 'strip_separators' => true ] )` for quiz answers and
 * captcha responses: full-width forms folded to ASCII (mb_convert_kana's job, NFKC here),
 * whitespace removed, lower case. "  Twenty One " and "twentyone" are the same answer.
 */
export function canonicalizeAnswer(text: string): string {
  return text.normalize('NFKC').replace(/[\r\n\t ]+/g, '').toLowerCase();
}
