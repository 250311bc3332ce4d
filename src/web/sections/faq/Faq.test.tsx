import { loadSiteConfig } from '../../../config/site-schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContentProvider } from '../../lib/content-context';
import { fillContent } from '../../../content';
import { getContent } from '../../../content/all';

const en = getContent('en');
import { Faq } from './Faq';
import { toggleItem } from './use-accordion';

const site = loadSiteConfig({});

describe('toggleItem', () => {
  it('opens and closes one item without touching the others', () => {
    const one = toggleItem(new Set(), 'a');
    const two = toggleItem(one, 'b');
    expect([...two]).toEqual(['a', 'b']);
    expect([...toggleItem(two, 'a')]).toEqual(['b']);
    expect([...one]).toEqual(['a']); // the previous state is not mutated
  });
});

describe('FAQ accordion', () => {
  it('follows the WAI-ARIA accordion pattern and keeps several answers open', async () => {
    const user = userEvent.setup();
    render(
      <ContentProvider content={fillContent(en, site)}>
        <Faq />
      </ContentProvider>,
    );
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(9);
    for (const question of questions) {
      const panel = document.getElementById(question.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', question.id);
      expect(question.parentElement?.tagName).toBe('H4');
    }
    await user.click(questions[0]!);
    await user.click(questions[3]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[3]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[1]).toHaveAttribute('aria-expanded', 'false');
    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    expect(questions[3]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Contact Our Experts' })).toHaveAttribute('href', '#contact');
  });
});
