// The header: the brand, the main menu and the call to action. Its behaviour (sticky, smaller on
// scroll, or the auto-show variant chosen in content/site.ts) belongs to <StickyHeader>.
import { navigation, site } from '../../../content/index.ts';
import { StickyHeader } from '../sticky-header.view.tsx';
import { BrandMark } from './parts/brand-mark.view.tsx';

export function SiteHeaderSection() {
  return (
    <StickyHeader autoShow={site.header.variant === 'auto-show'}>
      <div className="masthead container">
        <a className="brand" href="/">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">Lumina</span>
            <span className="brand__tagline">Display Engineering</span>
          </span>
        </a>
        <nav className="main-menu" aria-label={navigation.label}>
          <ul className="main-menu__list">
            {navigation.mainMenu.map((item) => (
              <li key={item.href}>
                <a className="main-menu__link" href={item.href}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a className="button button--primary masthead__cta" href={navigation.cta.href}>
          {navigation.cta.label}
        </a>
      </div>
    </StickyHeader>
  );
}
