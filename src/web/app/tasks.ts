/**
 * Preact hydrates a tree in one go, without yielding to the browser. Parts that would otherwise
 * hydrate together (the first screen's bars and hero, staged.tsx; sections below the fold wanted
 * at the same moment or arriving with the same copy) each wait for a task of their own, in the
 * order they asked, so no single task adds them all up on a slow phone.
 */
let turn: Promise<void> = Promise.resolve();

/** Resolves at the start of a new task, after every earlier caller's. */
export function inOwnTask(): Promise<void> {
  // A function of ours, not `resolve` itself: long-animation-frame attribution (npm run bench) says
  // where the script a task ran comes from, and has nothing to say of a native function.
  turn = turn.then(() => new Promise<void>((resolve) => setTimeout(() => resolve(), 0)));
  return turn;
}
