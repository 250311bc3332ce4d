import type { ReactNode } from 'react';
import type { IconName } from '../../content/catalog';
import { Icon } from './Icon';

/**
 * The page's one card system, for its three lists of four (services, benefits, deliverables): one
 * grid on the page's column (two by two from 640 px, four across from 1280 px, where four titles fit
 * on two lines), one card, and on top of each either an icon on the brand's gradient or, where the
 * card has one, its figure ("70 %"), both the same height so every title starts on one line.
 */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">{children}</ul>;
}

/**
 * `data-*` attributes name the card for the tests ("data-service"). Each card spans three rows of
 * the grid (its mark, its title, its text: a subgrid), so in a row of cards the titles, the texts
 * and the bottoms line up whether a title takes one line or two.
 */
export function Card({
  mark,
  title,
  text,
  className = '',
  ...data
}: { mark: ReactNode; title: string; text: string; className?: string } & { [attribute: `data-${string}`]: string }) {
  return (
    <li
      {...data}
      className={`row-span-3 grid grid-rows-subgrid gap-y-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="flex h-12 items-center">{mark}</div>
      <h3 className="mt-5 text-lg font-semibold text-balance">{title}</h3>
      {/* Balanced: a card's few lines even, never a word alone on the last one ("headcount." under
          a full line at 1280 px, which pretty leaves), with no forced join to make a line end early. */}
      <p className="mt-2 text-balance text-slate-600 dark:text-slate-300">{text}</p>
    </li>
  );
}

/** A card's icon: white on the brand mark's gradient, in both themes. */
export function CardIcon({ name }: { name: IconName }) {
  return (
    <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-mark-cyan text-white shadow-sm">
      <Icon name={name} className="size-6" />
    </span>
  );
}

/** A card's figure, in the one accent (the primary actions' indigo, in the theme's shade for text). */
export function CardFigure({ children }: { children: string }) {
  return <span className="text-title leading-none font-extrabold tracking-tight text-accent">{children}</span>;
}
