import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app: react-router's own href and click handling (a plain click navigates in the app; a
 * modified click, another target or a default prevented by `onClick` is left to the browser). React Router's Link
 * also carries framework-mode prefetching and URL checks this declarative router never uses, which would otherwise
 * ride in the first bundle; every link of ours goes to one of our own paths.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on its own path only, never below it (React Router's `end`, the one way the app uses a NavLink). */
  end: true;
  className?: string | ((state: { isActive: boolean }) => string);
}

/**
 * A link that knows when its page is the one shown (the path alone, in any case, as React Router's NavLink with
 * `end` compares it): marked aria-current="page", and given the class `className` answers for that.
 */
export function NavLink({ to, className, end: _end, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const isActive = pathname.toLowerCase() === target.toLowerCase();
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
