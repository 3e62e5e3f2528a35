import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, safeRedirect } from './landing';

describe('safeRedirect', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/forums/abc?sort=new#reply-1')).toBe('/forums/abc?sort=new#reply-1');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http:/evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /profile',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });

  it('refuses anything but a string', () => {
    expect(safeRedirect(['/profile'])).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});

describe('landingAfterSignIn', () => {
  it('sends editors and admins to the control panel and members home', () => {
    expect(landingAfterSignIn('admin', undefined)).toBe('/admin');
    expect(landingAfterSignIn('editor', undefined)).toBe('/admin');
    expect(landingAfterSignIn('contributor', undefined)).toBe('/');
    expect(landingAfterSignIn('subscriber', undefined)).toBe('/');
  });

  it('returns anyone to where they were going, but never to another site', () => {
    expect(landingAfterSignIn('subscriber', '/profile')).toBe('/profile');
    expect(landingAfterSignIn('admin', '/forums/1')).toBe('/forums/1');
    expect(landingAfterSignIn('subscriber', '//evil.example')).toBe('/');
    expect(landingAfterSignIn('admin', 'https://evil.example')).toBe('/admin');
  });
});
