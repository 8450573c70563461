import { useId, type CSSProperties, type ReactNode } from 'react';
import { useFocusOnStepChange } from '../../ui';

/**
 * A money flow shown as a page with its title only (IRA deposit, transfer); the steps hold Cancel and Back. When the
 * step changes the title takes focus, as on a 'bar' page, so a keyboard or screen-reader user who pressed Next is
 * on the new step instead of at the top of the document.
 */
export function TitlePage({
  block,
  title,
  step,
  style,
  children,
}: {
  block: string;
  title: string;
  step?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const headingId = `${block}-${useId()}`;
  const headingRef = useFocusOnStepChange<HTMLHeadingElement>(step);
  return (
    <section className={`${block} ${block}--page`} aria-labelledby={headingId} style={style}>
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className={`${block}__page-title ff-step-heading`}>
        {title}
      </h1>
      {children}
    </section>
  );
}
