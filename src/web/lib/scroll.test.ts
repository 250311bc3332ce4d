import { describe, expect, it } from 'vitest';
import { activeSection, scrollOffset, scrollTargetY } from './scroll';

describe('scroll offsets', () => {
  it('lands 60 px above a section on mobile, 160 px above the contact form', () => {
    expect(scrollOffset('services', 'mobile')).toBe(60);
    expect(scrollOffset('faq', 'mobile')).toBe(60);
    expect(scrollOffset('contact-form', 'mobile')).toBe(160);
  });

  it('clears the fixed bar on desktop', () => {
    expect(scrollOffset('contact', 'desktop')).toBeGreaterThanOrEqual(72);
  });

  it('turns a viewport position into a document position, never above the top', () => {
    expect(scrollTargetY(500, 1000, 60)).toBe(1440);
    expect(scrollTargetY(-300, 1000, 160)).toBe(540);
    expect(scrollTargetY(20, 0, 60)).toBe(0);
  });
});

/** Four contiguous sections starting at the given viewport tops. */
const boxes = (tops: number[]) =>
  (['services', 'about', 'contact', 'faq'] as const).map((id, index) => ({
    id,
    top: tops[index]!,
    bottom: tops[index + 1] ?? tops[index]! + 800,
  }));

describe('active section (110 px from the viewport top)', () => {
  it('is none above the first section', () => {
    expect(activeSection(boxes([400, 1200, 2000, 2800]))).toBeNull();
  });

  it('is the section whose box spans the 110 px line', () => {
    expect(activeSection(boxes([110, 900, 1700, 2500]))).toBe('services');
    expect(activeSection(boxes([-700, 100, 900, 1700]))).toBe('about');
    expect(activeSection(boxes([-2700, -1900, -1100, 50]))).toBe('faq');
  });

  it('switches exactly at the line', () => {
    expect(activeSection(boxes([-690, 111, 900, 1700]))).toBe('services');
    expect(activeSection(boxes([-691, 110, 900, 1700]))).toBe('about');
  });
});
