import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no canvas: its getContext() returns null, as a browser without one would, but says
// "Not implemented" on the console each time, burying the test report. The same answer, silently.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
  // A test that failed between vi.useFakeTimers() and vi.useRealTimers() leaves no fake clock behind.
  vi.useRealTimers();
  localStorage.clear();
  document.documentElement.className = '';
});
