// The navigation views outside their machines' models: which clicks <SectionLink> takes from the
// browser, and the header as the prerender writes it (the whole menu in the HTML).
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuScroll, SectionLink } from '../../../src/views/theme/menu-scroll.view.tsx';
import { SiteHeaderSection } from '../../../src/views/sections/site-header.section.tsx';
import { StickyHeader } from '../../../src/views/theme/sticky-header.view.tsx';
import { navigation } from '../../support/site-content.ts';
import { withSiteContent } from '../../support/with-site-content.tsx';

/** Dispatches a click and says whether the browser's own navigation was stopped. */
function click(element: HTMLElement, init: MouseEventInit = {}) {
  return !fireEvent.click(element, { button: 0, ...init });
}

function page() {
  const sent: string[] = [];
  render(
    <MenuScroll
      sectionIds={['about']}
      inspect={(event) => {
        if (event.type === '@xstate.event') sent.push(event.event.type);
      }}
    >
      <SectionLink href="/#about">About</SectionLink>
      <SectionLink href="/#elsewhere">Elsewhere</SectionLink>
      <SectionLink href="/thank-you/">Thanks</SectionLink>
      <section id="about" />
    </MenuScroll>,
  );
  return { sent: () => sent.filter((type) => type === 'link.click') };
}

describe('<SectionLink>', () => {
  it('takes a plain click on a link to a section of this page', () => {
    const { sent } = page();
    expect(click(screen.getByRole('link', { name: 'About' }))).toBe(true);
    expect(sent()).toEqual(['link.click']);
  });

  it('leaves links to other pages, to anchors this page lacks, and modified clicks to the browser', () => {
    const { sent } = page();
    expect(click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(false);
    expect(click(screen.getByRole('link', { name: 'Thanks' }))).toBe(false);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      expect(click(screen.getByRole('link', { name: 'About' }), { [modifier]: true })).toBe(false);
    }
    expect(click(screen.getByRole('link', { name: 'About' }), { button: 1 })).toBe(false);
    expect(sent()).toEqual([]);
  });

  it('is a plain link without <MenuScroll> above it', () => {
    render(<SectionLink href="/#about">About</SectionLink>);
    expect(click(screen.getByRole('link', { name: 'About' }))).toBe(false);
  });
});

describe('the prerendered header', () => {
  const html = renderToString(withSiteContent(<SiteHeaderSection sectionIds={['home', 'about', 'services']} />));
  const container = document.createElement('div');
  container.innerHTML = html;

  it('has every menu link in the HTML (the menu works without JavaScript)', () => {
    const links = [...container.querySelectorAll('#main-menu a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(navigation.mainMenu.map((item) => item.href));
  });

  it('has the toggle, collapsed, controlling the menu, named "Menu"', () => {
    const toggle = container.querySelector('button.menu-toggle')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('main-menu');
    expect(toggle.textContent).toBe('Menu');
    expect(container.querySelector('nav#main-menu')?.getAttribute('aria-label')).toBe(navigation.label);
  });

  it('marks no item current before the page is measured', () => {
    expect(container.querySelector('[aria-current]')).toBeNull();
  });

  it('tells CSS about the left-navbar layout (the top layout is the default, without an attribute)', () => {
    expect(container.querySelector('header')?.hasAttribute('data-menu-layout')).toBe(false);
    const sidebar = document.createElement('div');
    sidebar.innerHTML = renderToString(
      <StickyHeader menuLayout="left-navbar">
        <p>menu</p>
      </StickyHeader>,
    );
    expect(sidebar.querySelector('header')?.getAttribute('data-menu-layout')).toBe('left-navbar');
  });
});
