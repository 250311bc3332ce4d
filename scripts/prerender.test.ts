import { describe, expect, it } from 'vitest';
import { inlineScripts } from './prerender';

describe('inline scripts the CSP must allow', () => {
  it('are the executable inline ones: not external scripts, not JSON-LD data', () => {
    const html = `<head><script>boot()</script><script type="module" crossorigin src="/assets/index.js"></script>
      <script type="application/ld+json">{"@type":"FAQPage"}</script><script type="module">other()</script></head>`;
    expect(inlineScripts(html)).toEqual(['boot()', 'other()']);
  });
});
