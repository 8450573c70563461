import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { useDismissOnPressOutside } from './focus';
import { SearchIcon, MenuIcon } from './icons';

/** The Fundflow mark: a rising stream in a rounded square. Decorative; the wordmark text names it. */
export function BrandMark({ size = 28 }: { size?: number }) {
  const gradientId = `ff-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg className="ff-brand-mark" width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#17b584" />
          <stop offset="1" stopColor="#07543f" />
        </linearGradient>
      </defs>
      <rect width="28" height="28" rx="8" fill={`url(#${gradientId})`} />
      <path d="M6.5 20c3.4 0 4.6-2.8 5.7-5.8S14.6 8.6 19.5 8.6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M15.6 7.2 20 8.4l-1.3 4.3" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.5 21.5c2.6-.2 4.4-1.6 5.6-3.9" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Mark + "Fundflow". Wrap it in the app's home link where needed. */
export function Wordmark({ size = 28 }: { size?: number }) {
  return (
    <span className="ff-wordmark">
      <BrandMark size={size} />
      <span className="ff-wordmark__text">Fundflow</span>
    </span>
  );
}

export interface NavItem {
  to: string;
  label: string;
  active?: boolean;
}

export interface AppShellProps {
  /** Defaults to the Fundflow wordmark (not a link). */
  brand?: ReactNode;
  nav: NavItem[];
  /**
   * Renders one nav link with the given class (e.g. an AppLink from features/navigation, given
   * aria-current="page" when active; the active look follows `active` or aria-current).
   */
  renderLink: (item: NavItem, className: string) => ReactNode;
  headerEnd?: ReactNode;
  /** A search field: beside the tools on wide screens, a row of its own under the brand on phones. */
  headerSearch?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'narrow' centres a 560px column (forms, flows); default 'wide' is 960px. */
  width?: 'wide' | 'narrow';
}

/**
 * The signed-in page frame: skip link, header with brand, primary nav and tools, main column. Under 760 px the
 * header is one 56 px row: the nav sits behind a Menu button and the search behind a Search button, each opening a
 * panel under the row (Escape, from the panel or its button, closes it and returns focus to the button; a press
 * outside the panel and its button closes it; following a link closes the menu).
 */
export function AppShell({ brand, nav, renderLink, headerEnd, headerSearch, children, footer, width = 'wide' }: AppShellProps) {
  const navId = useId();
  const searchId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const searchPanel = useRef<HTMLDivElement>(null);
  const navPanel = useRef<HTMLElement>(null);
  const activeTo = nav.find((item) => item.active)?.to;
  // A new page closes the menu (a link was followed).
  useEffect(() => setMenuOpen(false), [activeTo]);
  useEffect(() => {
    if (searchOpen) searchPanel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [searchOpen]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useDismissOnPressOutside([navPanel, menuButton], menuOpen, closeMenu);
  useDismissOnPressOutside([searchPanel, searchButton], searchOpen, closeSearch);

  // Escape from inside the header (an open panel, or the button that opened it) closes the open phone panel and
  // hands focus back to its button. A key the panel already used (a search list closing) is left alone.
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const open = menuOpen
      ? { close: closeMenu, button: menuButton.current }
      : searchOpen
        ? { close: closeSearch, button: searchButton.current }
        : null;
    // Only when the panel is open as a phone panel (its button shows).
    if (!open?.button || open.button.offsetParent === null) return;
    event.preventDefault();
    open.close();
    open.button.focus();
  };

  return (
    <div className="ff-shell">
      <a className="ff-skip-link" href="#main">
        Skip to content
      </a>
      <header className="ff-shell__header" onKeyDown={closeOnEscape}>
        <div className="ff-shell__header-inner">
          {nav.length > 0 ? (
            <button
              ref={menuButton}
              type="button"
              className="ff-shell__phone-button ff-shell__menu-button"
              aria-label="Menu"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => {
                setMenuOpen((open) => !open);
                setSearchOpen(false);
              }}
            >
              <MenuIcon />
            </button>
          ) : null}
          <div className="ff-shell__brand">{brand ?? <Wordmark />}</div>
          {nav.length > 0 ? (
            <nav
              id={navId}
              ref={navPanel}
              className={cx('ff-shell__nav', menuOpen && 'is-open')}
              aria-label="Primary"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
              }}
            >
              <ul className="ff-nav__list">
                {nav.map((item) => (
                  <li key={item.to} className="ff-nav__item">
                    {renderLink(item, cx('ff-nav__link', item.active && 'ff-nav__link--active'))}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {headerSearch ? (
            <div id={searchId} ref={searchPanel} className={cx('ff-shell__search', searchOpen && 'is-open')}>
              {headerSearch}
            </div>
          ) : null}
          <div className="ff-shell__header-end">
            {headerSearch ? (
              <button
                ref={searchButton}
                type="button"
                className="ff-shell__phone-button"
                aria-label="Search"
                aria-expanded={searchOpen}
                aria-controls={searchId}
                onClick={() => {
                  setSearchOpen((open) => !open);
                  setMenuOpen(false);
                }}
              >
                <SearchIcon />
              </button>
            ) : null}
            {headerEnd}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="ff-shell__main">
        <div className={cx('ff-shell__content', width === 'narrow' && 'ff-shell__content--narrow')}>{children}</div>
      </main>
      {footer ? (
        <footer className="ff-shell__footer">
          <div className="ff-shell__footer-inner">{footer}</div>
        </footer>
      ) : null}
    </div>
  );
}

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The signed-out page: brand, then one centred card with the page's h1. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <div className="ff-auth">
      <main id="main" tabIndex={-1} className="ff-auth__main">
        <div className="ff-auth__brand">
          <Wordmark size={32} />
        </div>
        <div className="ff-auth__card">
          <div className="ff-auth__heading">
            <h1 className="ff-auth__title">{title}</h1>
            {subtitle ? <p className="ff-auth__subtitle">{subtitle}</p> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="ff-auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Shown above the title, e.g. a back link. */
  eyebrow?: ReactNode;
}

/** A page's h1 with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions, eyebrow }: PageHeaderProps) {
  return (
    <div className="ff-page-header">
      <div className="ff-page-header__text">
        {eyebrow ? <div className="ff-page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="ff-page-header__title">{title}</h1>
        {subtitle ? <p className="ff-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="ff-page-header__actions">{actions}</div> : null}
    </div>
  );
}
