import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseLinks, RichText } from './RichText';

describe('links in copy', () => {
  it('turns [label](href) into links and leaves the rest as text', () => {
    expect(parseLinks('Write to [a@b.ca](mailto:a@b.ca) or [the CAI](https://www.cai.gouv.qc.ca/).')).toEqual([
      { text: 'Write to ' },
      { label: 'a@b.ca', href: 'mailto:a@b.ca' },
      { text: ' or ' },
      { label: 'the CAI', href: 'https://www.cai.gouv.qc.ca/' },
      { text: '.' },
    ]);
    expect(parseLinks('No link [here] (x).')).toEqual([{ text: 'No link [here] (x).' }]);
  });

  it('renders them as real links', () => {
    render(<RichText text="Email [us](mailto:us@example.com) today" />);
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:us@example.com');
  });
});
