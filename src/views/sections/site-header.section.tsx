// The header: the brand, the main menu and the call to action. Its behaviour (sticky, smaller on
// scroll, or the auto-show variant chosen in content/documents/site.json) belongs to <StickyHeader>; the
// menu's to <MobileMenu> (the toggle on narrow screens) and <MainMenuList> (smooth scrolling and
// the current section's mark).
import { SectionLink } from '../theme/menu-scroll.view.tsx';
import { MobileMenu } from '../theme/mobile-menu.view.tsx';
import { MainMenuList } from '../theme/scroll-spy.view.tsx';
import { StickyHeader } from '../theme/sticky-header.view.tsx';
import { BrandMark } from './parts/brand-mark.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export interface SiteHeaderSectionProps {
  /** The ids of this page's sections: menu links to them scroll, and they are marked current. */
  sectionIds?: readonly string[];
}

export function SiteHeaderSection({ sectionIds = [] }: SiteHeaderSectionProps) {
  const { navigation, site } = useSiteContent();
  const menuSections = navigation.mainMenu
    .map((item) => item.href.split('#')[1])
    .filter((id): id is string => id !== undefined && sectionIds.includes(id));
  return (
    <StickyHeader autoShow={site.header.variant === 'auto-show'} menuLayout={site.menu.layout}>
      <div className="masthead container">
        <a className="brand" href="/">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">Lumina</span>
            <span className="brand__tagline">Display Engineering</span>
          </span>
        </a>
        <MobileMenu label={navigation.label}>
          <MainMenuList items={navigation.mainMenu} sectionIds={menuSections} />
        </MobileMenu>
        <SectionLink className="button button--primary masthead__cta" href={navigation.cta.href}>
          {navigation.cta.label}
        </SectionLink>
      </div>
    </StickyHeader>
  );
}
