/**
 * Runs `task` once the page has loaded and the browser is idle, with no deadline: while the page is
 * busy (hydrating on a slow phone), it waits. Safari has no requestIdleCallback: a moment after
 * load instead.
 */
export function whenIdle(task: () => void): void {
  const idle = () => ('requestIdleCallback' in self ? requestIdleCallback(() => task()) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
