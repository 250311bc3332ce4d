/** A word's first letter (a whole character, accents included), in capitals. */
const initial = (word: string | undefined) => (word ? Array.from(word)[0]!.toLocaleUpperCase() : '');

/**
 * A person's initials for a monogram: the first letters of their first and last names. "Jean-François
 * Gagnon" → "JG". Give it the name alone: a title ("Dr") is not part of it (content/types.ts).
 */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '');
  return words.length > 1 ? initial(words[0]) + initial(words.at(-1)) : initial(words[0]);
}
