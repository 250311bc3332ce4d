import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Preact runs effects after the next frame: requestAnimationFrame raced by a 100 ms timer whose
// callback calls cancelAnimationFrame. A file's last render could leave that timer to fire after
// Vitest had removed jsdom's globals ("cancelAnimationFrame is not defined", failing the run on a
// slow machine). A plain timer needs no such global. (`act` still flushes effects at once.)
options.requestAnimationFrame = (callback) => setTimeout(callback);

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});
