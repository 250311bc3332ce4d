import { Fragment } from 'react';

/** `[label](href)`: the one piece of markup copy may contain (the privacy policy's links). */
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits text into plain parts and links, in order. */
export function parseLinks(text: string): ({ text: string } | { label: string; href: string })[] {
  const parts: ({ text: string } | { label: string; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ label: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function RichText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {parseLinks(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} className={linkClassName}>
            {part.label}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
