import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface AppLinkProps extends AnchorProps {
  /** A path inside the app (relative paths resolve against the current route), or an absolute URL. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link to a page of the app: a real anchor (open in a new tab, copy the address) whose plain click navigates
 * inside the app, as React Router's `Link` does. `Link` also carries route-module prefetching, view transitions
 * and masks for framework mode, none of which this app uses, and whichever of the router's components any page
 * uses rides in the first bundle (the router is one module); this is the part the app needs.
 */
export function AppLink({ to, replace, onClick, target, ref, ...rest }: AppLinkProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  if (ABSOLUTE_URL.test(to)) return <a {...rest} ref={ref} href={to} target={target} onClick={onClick} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigateOnClick(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  /** Active only on this exact path (not on the pages under it). */
  end?: boolean;
  className: string | ((state: { isActive: boolean }) => string);
}

/** An `AppLink` that knows whether it leads to the page shown (then `aria-current="page"`), like `NavLink`. */
export function AppNavLink({ to, end = false, className, ...rest }: AppNavLinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  // The router's own rule: the same path in any case, or (unless `end`) a page under it.
  const base = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(base) === '/');
  return (
    <AppLink
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
