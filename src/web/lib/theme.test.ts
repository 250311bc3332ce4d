import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readThemePreference, resolveTheme, setThemePreference, useThemePreference } from './theme';

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});

/** The classes that mark the visitor's choice on <html>. */
const marks = () => [...document.documentElement.classList].filter((name) => name.startsWith('theme-'));

describe('theme preference', () => {
  it('defaults to the system theme', () => {
    expect(readThemePreference()).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('stores an explicit choice and applies it to <html> at once', () => {
    setThemePreference('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(readThemePreference()).toBe('dark');
    setThemePreference('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(readThemePreference()).toBe('light');
  });

  it('keeps the choice on <html> as the boot script writes it (the toggle’s pressed look)', () => {
    setThemePreference('dark');
    expect(marks()).toEqual(['theme-dark']);
    setThemePreference('light');
    expect(marks()).toEqual(['theme-light']);
    setThemePreference('system');
    expect(marks()).toEqual([]);
  });

  it('forgets the stored choice when going back to system', () => {
    setThemePreference('dark');
    setThemePreference('system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(readThemePreference()).toBe('system');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('theme', 'purple');
    expect(readThemePreference()).toBe('system');
  });

  it('re-renders components that show the choice', () => {
    const { result } = renderHook(() => useThemePreference());
    expect(result.current).toBe('system');
    act(() => setThemePreference('dark'));
    expect(result.current).toBe('dark');
  });
});
