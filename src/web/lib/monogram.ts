/** A word's first letter (a whole character, accents included), in capitals. */
const initial = (word: string | undefined) => (word ? Array.from(word)[0]!.toLocaleUpperCase() : '');

/**
 * A person's initials for a monogram: the first letters of the first and last names, honorifics
 * written with a full stop ("Dr.") left out. "Dr. Jean-François Gagnon" → "JG".
 */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !word.endsWith('.'));
  return words.length > 1 ? initial(words[0]) + initial(words.at(-1)) : initial(words[0]);
}
